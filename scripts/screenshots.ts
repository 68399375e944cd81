// Screenshots of pages in both languages at phone and desktop widths, to look at what we built.
// Usage: node scripts/screenshots.ts [baseUrl] [path ...]   (the store must be running)
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../tests/e2e/browser'

const [base = 'http://localhost:8787', ...paths] = process.argv.slice(2)
const targets = paths.length > 0 ? paths : ['/', '/mobiles']
mkdirSync('screenshots', { recursive: true })
const browser = await chromium.launch(chromiumLaunchOptions())
for (const width of [390, 1440]) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 })
  const page = await context.newPage()
  for (const locale of ['ar', 'en']) {
    for (const path of targets) {
      const url = `${base}${locale === 'en' ? '/en' : ''}${path === '/' && locale === 'en' ? '' : path}`
      await page.goto(url, { waitUntil: 'load' })
      const name = `screenshots/${locale}-${width}${path.replaceAll('/', '_') || '_home'}.png`
      await page.screenshot({ path: name, fullPage: process.env.FULL === '1' })
      console.log(name)
    }
  }
  await context.close()
}
await browser.close()
