/**
 * The browser storage the cart and checkout keep (docs/product.md, "Rules"): named once here, so a sign-out
 * can clear what the pages that write them keep.
 */
/** localStorage: the cart lines added after a search (searchSourceItems), until deleted or bought. */
export const searchSourceItemsKey = 'searchSourceItems'
/** sessionStorage: purchase events kept through a payment provider's page, sent when the shopper comes back paid. */
export const pendingSearchPurchasesKey = 'pendingSearchPurchases'
