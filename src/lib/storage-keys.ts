/**
 * The browser storage the store keeps, named once here: the keys a sign-out or a withdrawn consent must be able to
 * clear (docs/product.md, "Rules"; docs/architecture.md, "Consent"), so the code that clears them names what the code
 * that writes them uses, and the few that are nobody's data (each says so).
 */
/** localStorage: the cart lines added after a search (searchSourceItems), until deleted or bought. */
export const searchSourceItemsKey = 'searchSourceItems'
/** sessionStorage: purchase events kept through a payment provider's page, sent when the shopper comes back paid. */
export const pendingSearchPurchasesKey = 'pendingSearchPurchases'
/** sessionStorage: the search a product page was reached from (its queryID and index), for its search events. */
export const lastSearchSourceKey = 'lastSearchSource'
/** localStorage: the anonymous id personalisation and search events carry while no one is signed in. */
export const anonymousSessionIdKey = 'sessionId'
/** localStorage: recent searches, newest first. */
export const savedSearchWordsKey = 'savedSearchWords'
/** localStorage: the products recently viewed, newest first (docs/product.md, "Recently viewed"); cleared with the device. */
export const recentlyViewedKey = 'recentlyViewed'
/** localStorage: when the shopper last said "not now" to adding the app (docs/product.md, "The app on the home screen"). */
export const appInstallDismissedKey = 'appInstallDismissedAt'
/** sessionStorage: product pages opened in this visit, for the moment the install offer may come. */
export const productViewsKey = 'productViews'
/** sessionStorage: the home's popup banner was shown this visit (once per visit); nothing personal, kept on sign-out. */
export const popupBannerSeenKey = 'popupBannerSeen'
/** localStorage: the wishlist's skus (docs/product.md names it: wishListInLocalStorage). */
export const wishlistKey = 'wishListInLocalStorage'
/**
 * localStorage: the id of the account whose favourites the wishlist above mirrors (docs/product.md, "Favourites and
 * compare"): absent, the next sign-in merges the browser's list into the account's; present, the account's list is
 * read as it is.
 */
export const wishlistAccountKey = 'wishListAccount'
/** localStorage: the compared skus, at most 4 (docs/product.md: compare_products). */
export const compareKey = 'compare_products'
/** localStorage: the product to add once the shopper has chosen a city (docs/product.md: targetProductDate). */
export const pendingCartAddKey = 'targetProductDate'
