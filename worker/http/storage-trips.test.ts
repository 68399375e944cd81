import { describe, expect, it } from 'vitest'
import { storageLatencyMs } from './storage-trips'

describe('the simulated distance to storage', () => {
  it('delays calls only in development, by a sane number of milliseconds', () => {
    expect(storageLatencyMs({ APP_ENV: 'development', MATJAR_STORAGE_LATENCY_MS: '60' })).toBe(60)
    expect(storageLatencyMs({ APP_ENV: 'production', MATJAR_STORAGE_LATENCY_MS: '60' })).toBe(0)
    expect(storageLatencyMs({ MATJAR_STORAGE_LATENCY_MS: '60' })).toBe(0)
    expect(storageLatencyMs({ APP_ENV: 'development' })).toBe(0)
    expect(storageLatencyMs({ APP_ENV: 'development', MATJAR_STORAGE_LATENCY_MS: 'soon' })).toBe(0)
    expect(storageLatencyMs({ APP_ENV: 'development', MATJAR_STORAGE_LATENCY_MS: '-5' })).toBe(0)
  })
})
