/**
 * The store's business constants (docs/product.md, "Limits"), typed, in one place.
 * Pure data: nothing here imports from src/ or worker/. Units are in the names.
 *
 * The checkout's rules (config/checkout-rules.ts) and the Worker's limits (config/server-limits.ts) have files of
 * their own: a bundler places a whole module in one chunk, and this one is in the first bundle every page loads.
 */

export const regionIds = [1101, 1102, 1103, 1104, 1105, 1106, 1109, 1110, 1111, 1112, 1113, 1114, 1115, 1116] as const
export type RegionId = (typeof regionIds)[number]

export const appConfig = {
  store: {
    name: { ar: 'متجر', en: 'Matjar' },
    currency: 'SAR',
    timeZone: 'Asia/Riyadh',
    countryCallingCode: '966',
    supportWhatsAppNumber: '966920000000',
    /**
     * The retailer's outside customer portal (the spec's external account link), if it has one: the header links to
     * it, named as a portal. None by default: the store's own account is the user icon beside it.
     */
    customerPortalUrl: null as string | null,
    appStoreUrl: 'https://apps.apple.com/app/matjar',
    /** Search engines index this origin; pages are also reachable on any host the Worker answers. */
    canonicalOrigin: 'https://matjar.example',
  },
  locales: { all: ['ar', 'en'] as const, default: 'ar' as const },
  money: {
    freeDeliveryAboveSar: 299,
    vatRate: 0.15,
    feePriceDecimals: 1,
    priceDecimals: 0,
    /**
     * A cart, a checkout, an order and an invoice show every amount in one format, with halalas (issue 42: "4,279" on a
     * line beside "4,279.00" in the totals): their totals carry VAT and percentages a whole riyal cannot.
     */
    totalDecimals: 2,
    /** Delivery charged at or under the free-delivery threshold (not in the spec: ours). */
    deliveryFeeSar: 29,
    /** The AC replacement discount: this share of the line, up to the cap. */
    replacementDiscountShare: 0.1,
    replacementDiscountCapSar: 500,
    /** Only products of these categories (url keys) take the replacement discount: it replaces an old air conditioner. */
    replacementDiscountCategories: ['air-conditioners'] as readonly string[],
  },
  cart: {
    maxQtyPerLine: 99,
    maxLines: 50,
  },
  /** The least a card payment may take, SAR (Moyasar's 100 halalas). */
  cardPayment: { minSar: 1 },
  payments: {
    /** Buy-now-pay-later limits on the order total, SAR, and the payments each splits it in (Tabby pays in 4, Tamara in 3). */
    tabby: { minSar: 100, maxSar: 5000, payments: 4 },
    tamara: { minSar: 100, maxSar: 10000, payments: 3 },
  },
  limits: {
    compareMax: 4,
    /** Favourites, in the browser and kept with an account alike (docs/product.md, "Favourites and compare"). */
    wishlistMax: 100,
    recentSearchesMax: 6,
    /** Recently viewed products kept on the device (docs/product.md, "Recently viewed"). */
    recentlyViewedMax: 12,
    suggestedWordsMax: 9,
    suggestedProductsMax: 6,
    relatedProductsLimit: 10,
    navCategoriesMax: 12,
    searchSuggestMinChars: 3,
    searchEnterMinChars: 2,
    savedSearchMinChars: 2,
    paginationSlots: 6,
    /** Days the owner has to answer a request about one's data (the PDPL's implementing regulation: 30). */
    dataRequestAnswerDays: 30,
  },
  timing: {
    searchDebounceMs: 300,
    toastAutoCloseMs: 3000,
    productMessageRotateMs: 2500,
    modalTriggerDelayMs: 2000,
    logoutTrackingDelayMs: 3000,
    paymentFailureTrackingDelayMs: 4000,
    cartRedirectDelayMs: 200,
    /** Quick taps on + and − are gathered for this long, then one change is sent with the quantity reached. */
    cartQtySettleMs: 400,
    analyticsDelayMs: 1000,
  },
  regions: {
    defaultId: 1101 as RegionId,
    /** Big items deliver only here. */
    bigItemsOnlyId: 1101 as RegionId,
    /** This region shows the special 24-hour delivery text. */
    twentyFourHourId: 1116 as RegionId,
    idDigits: 4,
    /** docs/decisions/0006-where-the-spec-is-silent.md: the ordering map is this list's order. */
    order: regionIds,
  },
  phone: {
    localDigits: 10,
    localPrefix: '05',
    /** docs/product.md, "Validation": 05 then one of these, then 7 digits. */
    secondDigitAllowed: '503649187',
  },
  password: { minLength: 8 },
  name: { minLength: 3 },

  cookies: {
    handshakeDays: 29,
    mageDays: 9,
    sessionResetDaysLeft: 3,
    cookieConsentMaxAgeSeconds: 31_536_000,
    mobileAppBannerMaxAgeSeconds: 36_000,
    localeMaxAgeSeconds: 31_536_000,
    /** amount and payment: kept through a hosted payment's round trip (docs/product.md, "Calls"). */
    paymentRoundTripSeconds: 60 * 60,
    /** email-phone: the identifier typed during a code flow, kept while the code is valid. */
    emailPhoneSeconds: 10 * 60,
    /** d1_bookmark: D1's bookmark after a shopper's change, far longer than any replica lags behind (docs/decisions/0029-reads-near-the-shopper.md). */
    d1BookmarkSeconds: 60 * 60,
  },
  cache: {
    categoryTreeSeconds: 30 * 60,
  },
  otp: {
    digits: 6,
    resendAfterSeconds: 60,
    /** A verified phone may register within this time. */
    registrationWindowSeconds: 30 * 60,
  },
  layout: {
    /** Tailwind's md: the width from which the header shows the desktop layout. */
    mdPx: 768,
  },
  backOrdersPreorderCode: 101,
  search: {
    indexNames: {
      products: { ar: 'products_ar', en: 'products_en' },
      suggestions: { ar: 'products_query_suggestions_ar', en: 'products_query_suggestions_en' },
    },
  },
} as const

export type Locale = (typeof appConfig.locales.all)[number]
