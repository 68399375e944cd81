/**
 * The checkout details a Direct API client sends with a place order (docs/product.md, "Checkout"): a Riyadh National
 * Address and the first date the cart's first delivery method offers. Shared by the Playwright fixtures and the bench.
 */
export interface ShippingMethods {
  shipping_methods: { code: string; dates: { Date: string }[] }[]
}

export function checkoutDetails(shipping: ShippingMethods, contact: { name: string; email: string; mobile: string }) {
  return {
    contact,
    shipping_address: {
      regionId: '1101',
      district: 'Al Olaya',
      street: 'King Fahd Road',
      building: '1234',
      postalCode: '12211',
      additionalNumber: '',
      shortAddress: '',
      note: '',
    },
    billing_address: null,
    delivery_date: shipping.shipping_methods[0]!.dates[0]!.Date,
  }
}
