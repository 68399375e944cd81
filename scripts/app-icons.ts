// Draws the app's icons (public/icons/*.png, named in the manifests of build/app-shell.ts) from public/icons/app-icon.svg
// in Chromium: tsx scripts/app-icons.ts. The PNGs are committed (a few KB): the build needs no browser.
// The maskable icon fills its square and keeps the bag inside the central 80% every launcher's mask leaves.
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { chromiumExecutable, chromiumLaunchOptions } from '../tests/e2e/browser'

const svg = readFileSync('public/icons/app-icon.svg', 'utf8')
const maskable = svg.replace(' rx="8"', '').replace('<path ', '<path transform="translate(3.2 3.8) scale(.8)" ')
const icons = [
  { file: 'icon-192.png', size: 192, svg },
  { file: 'icon-512.png', size: 512, svg },
  { file: 'maskable-512.png', size: 512, svg: maskable },
]

const browser = await chromium.launch(chromiumLaunchOptions(chromiumExecutable()))
const page = await browser.newPage()
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size })
  const image = `data:image/svg+xml,${encodeURIComponent(icon.svg)}`
  await page.setContent(`<body style="margin:0"><img src="${image}" width="${icon.size}" height="${icon.size}" style="display:block"></body>`)
  await page.screenshot({ path: `public/icons/${icon.file}`, omitBackground: true })
  console.log(`public/icons/${icon.file}`)
}
await browser.close()
