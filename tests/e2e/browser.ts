/**
 * How Playwright starts Chromium here: Debian's chromium (Playwright's own download cannot work
 * offline), with the flags that keep it from reaching for the network.
 */
import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

/** The port the built store is served on for the browser suite; E2E_PORT lets two checkouts run side by side. */
export const storePort = Number(process.env.E2E_PORT ?? 4173)
/** The store's address in the browser suite (cookies set by a test name it). */
export const storeBase = `http://localhost:${storePort}`

export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((path): path is string => Boolean(path && existsSync(path)))
}

/**
 * The browser the Playwright suite drives: Debian's headless shell when it is installed (package
 * chromium-headless-shell, which .ci/run installs), else the full browser. The shell is the same Blink without the full
 * browser's window machinery, the build Playwright itself runs headless tests in; the axe spec took 179 CPU s in the
 * full browser and 155 in the shell (README, "Tests"). The measuring scripts (lighthouse, inp) keep the full browser.
 */
export function testChromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : chromiumExecutable()
}

export function chromiumLaunchOptions(executablePath = chromiumExecutable()): LaunchOptions {
  return {
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  }
}
