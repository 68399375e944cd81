/**
 * The shared test fixture: every page fails its test on a console error or an uncaught page error,
 * unless the test names the error it expects.
 */
import { readFileSync } from 'node:fs'
import { AxeBuilder } from '@axe-core/playwright'
import { test as base, expect } from '@playwright/test'
import { checkoutDetails, type ShippingMethods } from './checkout-details'
import { popupBannerSeenKey } from '../../src/lib/storage-keys'
import { storeBase } from './browser'

export const phone = { width: 390, height: 844 }
export const desktop = { width: 1440, height: 900 }

const cpuSlowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1)

/**
 * A network address of the test's own (Miniflare keeps a CF-Connecting-IP the request brings): the store counts codes
 * sent and wrong tries per address (docs/product.md, "Limits"), and a suite of 120 shoppers from one address spent
 * the hour's 20 codes before its last purchase.
 */
function addressOf(testId: string): string {
  let hash = 0
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}`
}

export const test = base.extend<{ allowConsoleErrors: RegExp[]; consoleGuard: void }>({
  allowConsoleErrors: [[], { option: true }],
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'cf-connecting-ip': addressOf(testInfo.testId) })
  },
  // Every navigation waits until React has hydrated the page's content (src/domain/early-tap.ts), so a click is never lost on server HTML.
  page: async ({ page }, use) => {
    // E2E_CPU_SLOWDOWN=2 runs every page's CPU at half speed (Chromium's own throttling): the suite's budgets are
    // proven on a slower machine than this one (README, "Tests").
    if (cpuSlowdown > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    const hydrated = () => page.waitForSelector('html[data-hydrated=page]', { state: 'attached' })
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (...args) => {
      const response = await goto(...args)
      await hydrated()
      return response
    }
    page.reload = async (...args) => {
      const response = await reload(...args)
      await hydrated()
      return response
    }
    await use(page)
  },
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use()
      const unexpected = errors.filter((text) => !allowConsoleErrors.some((allowed) => allowed.test(text)))
      expect(unexpected, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** The cookieConsent values of Accept all and Reject all (src/lib/consent.ts). */
const consentAll = 'functions.marketing.preference.measurements.social'
export const consentNone = 'functions'

/**
 * A returning shopper: every cookie accepted (personalisation and search events go out) and the home popup already
 * seen this visit, so neither covers what a test looks at.
 */
export async function acceptCookies(page: import('@playwright/test').Page, consent: string = consentAll) {
  await page.context().addCookies([{ name: 'cookieConsent', value: consent, url: storeBase }])
  await page.addInitScript((key) => sessionStorage.setItem(key, '1'), popupBannerSeenKey)
}

/** The last code the development outbox "sent" to a recipient (966...), waiting for it to arrive. */
/** How many messages each recipient's outbox held when this test process last read a code from it. */
const codesRead = new Map<string, number>()

/**
 * The code in the newest message to `recipient` that this test process has not read yet. A code sent earlier to the
 * same number (the registration code, say) is already in the outbox, so waiting for "any message" could hand back the
 * old code while the new one is still in the queue (CI, stop 56: a sign-in typed the registration code).
 */
export async function lastCode(request: import('@playwright/test').APIRequestContext, recipient: string): Promise<string> {
  const { token } = await (await request.post('/commerce/handshake', { data: { store: 'en' } })).json()
  const read = async () =>
    (await (await request.get(`/commerce/dev/outbox?recipient=${recipient}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      messages: { body: string }[]
    }
  const before = codesRead.get(recipient) ?? 0
  // The page may show the code step before the message is in the outbox: wait for it rather than race it.
  await expect.poll(async () => (await read()).messages.length).toBeGreaterThan(before)
  const { messages } = await read()
  codesRead.set(recipient, messages.length)
  return /\b(\d{6})\b/.exec(messages[0]!.body)![1]!
}

/** The local operator token `npm install` wrote into .dev.vars, which the served store reads (README, "Operating"). */
function localOperatorToken(): string {
  const token = /^OPS_TOKEN=(.+)$/m.exec(readFileSync(new URL('../../.dev.vars', import.meta.url), 'utf8'))?.[1]?.trim()
  if (!token) throw new Error('.dev.vars has no OPS_TOKEN: run npm install')
  return token
}

/** One operator step on an order, as `npm run ops` takes it (docs/product.md, "Fulfilment"); fails unless it lands. */
export async function operatorStep(request: import('@playwright/test').APIRequestContext, number: string, step: string, data?: object) {
  const response = await request.post(`/api/ops/orders/${number}/${step}`, { headers: { authorization: `Bearer ${localOperatorToken()}` }, data })
  expect(response.status(), await response.text()).toBe(200)
}

/** axe on what the page shows now: no serious or critical violation of WCAG 2.1 A/AA (docs/architecture.md, "Bars"). */
export async function expectNoSeriousAxeViolations(page: import('@playwright/test').Page): Promise<void> {
  // Legacy mode runs axe once, in the page. The default mode is built for pages with frames: it runs axe partially in
  // each frame, then opens a second page and injects axe (about 500 KB) again to stitch the results, which was more
  // than half of every scan (English desktop home: 3.4 s, 1.6 s in legacy mode; at a quarter CPU speed 8.4 s and
  // 5.3 s). The store has no frames, so nothing is lost.
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true).analyze()
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    )
  expect(serious, 'serious or critical axe violations').toEqual([])
}

/**
 * The checkout details a Direct API client sends with a place order: a Riyadh National Address and the first date the
 * cart's first delivery method offers.
 */
export async function apiCheckoutDetails(
  request: import('@playwright/test').APIRequestContext,
  headers: Record<string, string>,
  contact: { name: string; email: string; mobile: string },
) {
  return checkoutDetails((await (await request.get('/commerce/cart/shipping-methods', { headers })).json()) as ShippingMethods, contact)
}

/**
 * A customer account made over the Direct API as the registration form makes it (a code to the mobile, verified,
 * then the registration), for flows that start signed in; answers its email and password.
 */
export async function registeredCustomer(
  request: import('@playwright/test').APIRequestContext,
  shopper: { local: string; international: string },
  name: { first: string; last: string },
): Promise<{ email: string; password: string }> {
  const email = `buyer${shopper.local}@example.com`
  const password = 'Secret123'
  const { token } = await (await request.post('/commerce/handshake', { data: { store: 'en' } })).json()
  const auth = { authorization: `Bearer ${token}`, recaptcha: 'Bearer e2e' }
  await request.post('/commerce/customer/v2/otpSend', { headers: auth, data: { mobilenumber: shopper.local, otptype: 'register', email } })
  const otpcode = await lastCode(request, shopper.international)
  const verified = await (
    await request.post('/commerce/customer/v2/otpVerfiy', {
      headers: auth,
      data: { mobilenumber: shopper.local, email, otpcode, otptype: 'register' },
    })
  ).json()
  const registered = await request.post('/commerce/customer/register', {
    headers: auth,
    data: {
      firstName: name.first,
      lastName: name.last,
      email,
      phone_number: shopper.local,
      password,
      confirmPassword: password,
      terms: true,
      token: verified.token,
      recaptchaToken: 'e2e',
      profile_picture: null,
      dateOfBirth: null,
      gender: 0,
    },
  })
  expect(registered.status()).toBe(200)
  return { email, password }
}

/** Signs in through the header's auth modal in English, and waits for the account button to name the customer. */
export async function logInInEnglish(page: import('@playwright/test').Page, email: string, password: string, firstName: string) {
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in or create an account' })
  await dialog.getByLabel('Email or mobile number').fill(email)
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await dialog.getByRole('checkbox', { name: "I'm not a robot" }).check()
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('button', { name: `My account: ${firstName}` })).toBeVisible()
}

let mobileSeq = 0
/**
 * A mobile of its own per test run and call, so per-phone code limits never meet. Each spec file that buys uses its own
 * network prefix (056, 057...), so two files running at once never draw the same number.
 */
export function newMobile(prefix: `05${number}`) {
  mobileSeq += 1
  const tail = String((Date.now() % 10_000_000) + mobileSeq * 7919)
    .slice(-7)
    .padStart(7, '0')
  return { local: `${prefix}${tail}`, international: `966${prefix.slice(1)}${tail}` }
}
