/**
 * How Playwright starts Chromium here: Debian's chromium (Playwright's own download cannot work
 * offline), with the flags that keep it from reaching for the network.
 */
import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

export function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((path): path is string => Boolean(path && existsSync(path)))
}

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumExecutable(),
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
