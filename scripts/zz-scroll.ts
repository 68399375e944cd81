import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../tests/e2e/browser'
const base = 'http://localhost:4399'
const browser = await chromium.launch(chromiumLaunchOptions())
for (const width of [1440, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  await context.addCookies([{ name: 'cookieConsent', value: 'functions', url: base }])
  const page = await context.newPage()
  await page.goto(base + '/en/laptops')
  await page.waitForSelector('html[data-hydrated=page]', { state: 'attached' })
  for (const y of [1500, 1800]) {
    await page.evaluate((y) => window.scrollTo(0, y), y)
    await page.waitForTimeout(300)
    const before = await page.evaluate(() => scrollY)
    const layout = () => page.evaluate(() => [document.documentElement.scrollHeight, Math.round(document.querySelector('main h1')!.getBoundingClientRect().top + scrollY), Math.round(document.querySelector('main article')!.getBoundingClientRect().top + scrollY)])
    console.log('before', JSON.stringify(await layout()))
    if (process.env.NOANCHOR) await page.addStyleTag({ content: '*{overflow-anchor:none !important}' })
    await page.evaluate(() => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>('main a[href*="/product/"]')].find((a) => { const r = a.getBoundingClientRect(); return r.top > 200 && r.top < 800 && r.width > 0 })!
      link.click()
    })
    await page.waitForURL(/\/product\//)
    await page.waitForTimeout(800)
    await page.goBack()
    await page.waitForURL(/\/laptops/)
    console.log('after', JSON.stringify(await layout()))
    const trail = []
    for (let t = 0; t < 12; t++) { trail.push(await page.evaluate(() => [Math.round(performance.now()), scrollY, document.documentElement.scrollHeight])); await page.waitForTimeout(100) }
    console.log(width, 'scrolled', before, 'back at', await page.evaluate(() => scrollY), JSON.stringify(trail), await page.evaluate(() => history.scrollRestoration), await page.evaluate(() => Object.entries(sessionStorage).filter(([k]) => k.includes('scroll')).map(([k, v]) => k + '=' + v.slice(0, 300)).join(' ')))
  }
  await context.close()
}
await browser.close()
