// The built Worker still does what the patches of Start's behaviour expect (tests/e2e/internals-probe.ts; docs/architecture.md,
// "Where we lean on framework internals"). No browser: the questions are asked over HTTP.
import { expect, test } from '@playwright/test'
import { probeInternals } from './internals-probe'

test('the patches that lean on Start still hold on the built Worker', async ({ baseURL }) => {
  expect(await probeInternals(baseURL!)).toEqual([])
})
