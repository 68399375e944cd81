import { describe, expect, it, vi } from 'vitest'
import { handleWithContext, requestMemo } from './request-context'

describe('request memo', () => {
  it('loads a value once per request and again in the next request', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    let loads = 0
    const load = async () => ++loads
    const request = new Request('https://matjar.test/x')
    await handleWithContext(request, async () => {
      expect(await Promise.all([requestMemo('k', load), requestMemo('k', load)])).toEqual([1, 1])
      return new Response('ok')
    })
    await handleWithContext(request, async () => Response.json(await requestMemo('k', load)))
    expect(loads).toBe(2)
  })

  it('does not keep a failed load, and simply loads outside a request', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    let calls = 0
    await handleWithContext(new Request('https://matjar.test/x'), async () => {
      await expect(requestMemo('f', async () => Promise.reject(new Error(`fail ${++calls}`)))).rejects.toThrow('fail 1')
      expect(await requestMemo('f', async () => ++calls)).toBe(2)
      return new Response('ok')
    })
    expect(await requestMemo('outside', async () => 'loaded')).toBe('loaded')
  })
})
