/**
 * The checkout's rules (docs/product.md, "Checkout"), apart from appConfig so they load with the checkout page and
 * not in every page's first bundle (a bundler keeps a whole module once any part of it is read (app.config.ts says more)).
 */
export const checkoutRules = {
  /** Fast delivery (fast-delivery cities only) costs this whatever the total (ours). */
  fastDeliveryFeeSar: 49,
  /** Fast delivery's first date is this many days after today in Riyadh. */
  fastLeadDays: 1,
  /** A pickup ordered before this hour (Riyadh) is ready the same day, after it the next (showrooms close at 23:00). */
  pickupCutoffHour: 20,
  /** The form's limits: the name, the National Address's words and the courier's note. */
  nameMaxLength: 80,
  districtMaxLength: 60,
  /** A business's registered name on a standard tax invoice. */
  companyMaxLength: 120,
  streetMaxLength: 80,
  noteMaxLength: 200,
} as const
