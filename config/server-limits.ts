import type { RegionId } from '../app.config'

/**
 * Limits only the Worker reads (docs/decisions/0007-money-rules-that-cannot-be-gamed.md). Apart from appConfig so
 * they stay out of the browser's bundle: a bundler keeps a whole module once any part of it is read (app.config.ts says more).
 */
export const serverLimits = {
  /** A handshake token younger than this is kept as it is; an older one is renewed on the next request. */
  handshakeRefreshMinutes: 30,
  /** Product fees fall back to this region's price. */
  feeFallbackRegionId: 1101 as RegionId,
  /** How long the Worker keeps what it reads from D1 in KV (the category tree's time is appConfig.cache's). */
  cache: {
    regionsSeconds: 30 * 60,
    homeContentMs: 1_800_000,
    footerSeconds: 30 * 60,
    brandLabelsSeconds: 30 * 60,
  },
  /** The edge page cache (worker/http/page-cache.ts, docs/decisions/0010): a page is fresh this long, then served stale while it renders again. */
  pageCache: {
    freshSeconds: 60,
    staleSeconds: 600,
    /** How long an isolate trusts what it read of the purge times and the catalogue version (KV itself lags up to 60 s). */
    memoSeconds: 5,
    /** The hottest pages an isolate keeps in memory in front of the Cache API (an isolate has 128 MB). */
    memoryBytes: 8 * 1024 * 1024,
  },
  /** Each category's listing index (worker/catalogue/listing-indexes.ts, docs/decisions/0011). */
  listingIndex: {
    /** What an isolate keeps in memory (all categories of a 100,000-product catalogue take about 17 MB). */
    memoryBytes: 24 * 1024 * 1024,
    /** A snapshot in KV outlives a change by this long at most (a newer catalogue version or change replaces it sooner). */
    snapshotSeconds: 24 * 60 * 60,
  },
  search: {
    /** The embedded engine rebuilds its indexes from D1 when older than this (stock and prices move)... */
    indexMaxAgeSeconds: 300,
    /** ...and when the catalogue version in KV changes, read at most this often. */
    versionCheckSeconds: 10,
    /** A product row read for a search hit is used again for this long (its stock shown at most this old). */
    hitRowSeconds: 30,
    maxQueryLength: 1000,
    maxHitsPerPage: 100,
    maxRequestsPerCall: 10,
  },
  /** One-time codes: the rules only the backend applies (what the page shows is appConfig.otp). */
  otp: {
    validSeconds: 5 * 60,
    maxWrongTries: 5,
    sendsPerPhonePerHour: 5,
    sendsPerIpPerHour: 20,
    /** Checkout codes one cart may send, whatever the mobiles (a shopper who mistypes theirs still has room). */
    sendsPerCartPerHour: 5,
  },
  pbkdf2Iterations: 100_000,
  orders: {
    /** An order awaiting a hosted payment is cancelled after this long, and gives back what it took (not in the spec: ours). */
    unpaidExpiryMinutes: 30,
    /** How many expired orders one scheduled run cancels (the next run takes the rest). */
    expiryBatch: 200,
    /** A delivered order may be asked back this many days after delivery (the terms' 7-day returns). */
    returnDays: 7,
    /** A buyer's message may be sent again by staff this many times: enough for a lost SMS, never a way to spam them. */
    resendsPerMessage: 3,
    /** Failed messages one press of "Send them again" on the owner's numbers resends, oldest first. */
    deadRetriesPerPress: 50,
    /** How many orders or audit entries a page of the console lists, newest first; "older" pages on from the last one. */
    consolePageSize: 50,
    /**
     * Units in a city at or below which a product is low there, unless the product names its own threshold (the
     * console's stock screen, docs/product.md "The merchant console").
     */
    lowStockDefault: 5,
    /** The days the console's numbers cover unless asked for others (1 to 90). */
    numbersDays: 30,
    /** Place-order attempts allowed per cart and per client address, each per hour. */
    placeAttemptsPerCartPerHour: 10,
    placeAttemptsPerIpPerHour: 30,
    /** Guest order lookups (number + the order's mobile) per client address per hour: numbers cannot be walked. */
    lookupsPerIpPerHour: 20,
    /**
     * Lookups of one order number per hour, from every address together: a number seen on a receipt cannot be tried
     * against mobile after mobile from many addresses. A made-up number is counted alike, so a refusal says nothing.
     */
    lookupsPerOrderPerHour: 10,
    /**
     * Cash on delivery takes stock when placed: a phone, or an account, holds at most this many orders the operator
     * has not confirmed yet, and an order still unconfirmed after `cashConfirmHours` is cancelled (docs/decisions/0007).
     */
    unconfirmedCashOrdersPerPhone: 2,
    cashConfirmHours: 48,
    /** How many orders the account's list shows. */
    accountListSize: 50,
  },
  /** Simplified tax invoices (docs/decisions/0016-zatca-invoices.md). */
  invoices: {
    /** Invoices one call seals (hash chain), or one scheduled run reports or issues; the next run takes the rest. */
    batch: 50,
    /** A failed report is tried again after this many minutes, doubled each time up to the cap: many tries within ZATCA's 24 hours. */
    retryFirstMinutes: 5,
    retryMaxMinutes: 120,
    /** ZATCA wants a simplified invoice reported within 24 hours; one unreported past this is logged as an error. */
    reportWithinHours: 24,
    alarmAfterHours: 12,
  },
  /** Abandoned carts in the console (docs/decisions/0032-abandoned-carts.md). */
  carts: {
    /** A known shopper's cart untouched this long is abandoned: listed, and reminded by the five-minute job. */
    abandonedAfterMinutes: 60,
    /** Reminders one cart gets at most, by staff and the job together. */
    remindersPerCart: 2,
    /** The job's second reminder waits this long after the first. */
    secondReminderAfterHours: 24,
    /** Reminders one scheduled run sends (the next run takes the rest). */
    reminderBatch: 100,
    /** The largest one-use coupon (percent off) staff may put in a reminder. */
    maxCouponPercent: 20,
    /** That coupon is good this long from the reminder, once, for that cart's shopper alone. */
    couponDays: 7,
    /** A payment link staff make for a cart works this long. */
    paymentLinkDays: 3,
    /** A cart record untouched this long is deleted by the daily job: past it, a reminder would be noise. */
    keptDays: 30,
  },
  /** Back-in-stock alerts (docs/decisions/0035-stock-alerts.md), per mobile or email (and per client address). */
  stockAlerts: {
    /** Alerts one contact may wait on at once: enough for a wish list, never a way to flood someone. */
    activePerContact: 20,
    /** Alerts one contact may ask for per hour, and one client address for every contact together. */
    requestsPerContactPerHour: 10,
    requestsPerIpPerHour: 30,
    /** Alerts one run sends (a stock edit's or the five-minute job's); the next run takes the rest. */
    sendBatch: 200,
  },
  /** Saved addresses per customer (ours). */
  addressesPerCustomer: 20,
  /** Short-address lookups at Saudi Post (docs/product.md, "Checkout"), per client address and per cart, each per hour. */
  nationalAddress: { lookupsPerIpPerHour: 30, lookupsPerCartPerHour: 15 },
  /** Writes anyone may make without signing in: their size and rate (docs/decisions/0007). */
  anonymousWrites: {
    /** Bodies of /api/*, /commerce/* and /1/* (the largest real one, a registration, is under 2 KB). */
    maxBodyBytes: 64 * 1024,
    /** Events per request, search (/1/events; Algolia takes 1000) or personalisation: a purchase sends at most one per cart line. */
    eventsPerRequestMax: 50,
    eventRequestsPerIpPerHour: 600,
    newsletterSignUpsPerIpPerHour: 10,
    /** Requests about one's data from the privacy page (docs/product.md, "Your data"). */
    dataRequestsPerIpPerHour: 5,
  },
  /** Reviews from verified buyers (docs/product.md, "Reviews"; src/domain/reviews.ts). */
  reviews: {
    titleMax: 120,
    textMin: 10,
    textMax: 2000,
    /** The store's answer and a rejection's reason. */
    answerMax: 1000,
    /** Reviews a product page reads at a time. */
    pageSize: 10,
    /** Helpful votes and reports from one client address in an hour, across every review. */
    votesPerIpPerHour: 30,
    /** Reviews written from one order link in an hour (an order has a few lines; a script has many). */
    submitsPerOrderPerHour: 20,
    /**
     * A buyer's pictures with one review (docs/decisions/0034-reviews.md, "Pictures"): how many, how large each (the
     * phone's own photo, unresized), and the types read from their first bytes. The messages say 4 and 5 MB.
     */
    pictures: {
      max: 4,
      maxBytes: 5 * 1024 * 1024,
      types: ['image/jpeg', 'image/png', 'image/webp'],
      /** Review posts with pictures from one client address in an hour, counted before the body is read. */
      uploadsPerIpPerHour: 20,
    },
  },
  /** The merchant console's staff (docs/product.md, "The merchant console"). */
  staff: {
    /** A console session ends after this long without a request... */
    idleMinutes: 30,
    /** ...and after this long whatever happens: a new shift signs in again. */
    sessionHours: 12,
    /** An invitation link works this long, once. */
    inviteHours: 72,
    /** Wrong sign-ins before the growing back-off starts, per staff email and per address. */
    freeFailures: 5,
    backoffMaxSeconds: 60 * 60,
    failureDecaySeconds: 15 * 60,
  },
  /** The console's catalogue import (docs/catalogue-import.md, "In the console"). */
  catalogueImport: {
    /**
     * The largest file staff may upload (products and categories files together): a Worker takes a request body of at
     * most 100 MB (scripts/import-bench.ts's 100,000 products with short texts are a 22 MB CSV). Only this upload is
     * exempt from anonymousWrites.maxBodyBytes.
     */
    maxUploadBytes: 95 * 1024 * 1024,
  },
  login: {
    /** Password failures allowed before the growing back-off starts. */
    freeFailures: 4,
    backoffMaxSeconds: 60 * 60,
    /** One failure is forgiven per this much quiet time. */
    failureDecaySeconds: 15 * 60,
  },
  /** Guessing a gift voucher's PIN or an ERP voucher's number (worker/commerce/voucher-tries.ts). */
  voucherTries: {
    /** Wrong tries a voucher (or the mobile an ERP voucher is tried against) allows before it locks; the lock then doubles, up to an hour. */
    freeWrongTries: 3,
    /** Wrong tries an ERP voucher's mobile allows from every address together (from one address: freeWrongTries). */
    freeWrongTriesPerMobile: 30,
    lockMaxSeconds: 60 * 60,
    wrongTryDecaySeconds: 60 * 60,
    /** Tries per client address an hour, right or wrong. */
    triesPerIpPerHour: 20,
  },
  passwordReset: {
    validSeconds: 15 * 60,
    maxWrongTries: 5,
    /** A checked code is exchanged for a token that sets the new password within this time (docs/product.md, "Accounts"). */
    checkedTokenValidSeconds: 10 * 60,
  },
  /** A signed-in customer's changes to their account (docs/product.md, "Accounts"). */
  accountEdits: {
    /** Codes to a new email or mobile one account may ask for an hour, however many addresses it tries. */
    codeSendsPerCustomerPerHour: 10,
  },
  /** How long the store keeps what it records, deleted by the daily scheduled run (docs/architecture.md, "Housekeeping"). */
  retention: {
    /**
     * Rows one run changes of each rule (the next run takes the rest): a run's D1 work stays bounded. How long each
     * table is kept, and why, is the retention schedule (worker/storage/retention-store.ts).
     */
    batch: 5000,
  },
} as const
