import type { ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyPart } from './lazy-part'

const Loaded = ({ label }: { label: string }) => label
const lazyType = Symbol.for('react.lazy')
/** What a part draws inside the boundary that leaves it out while its code cannot arrive. */
const inner = (element: unknown) => (element as ReactElement<{ children: ReactElement<{ label: string }> }>).props.children
const drawn = (element: unknown) => inner(element).type as unknown as { $$typeof?: symbol }

describe('a lazy part', () => {
  it('renders through React.lazy until its code has loaded, then the component itself, props and all', async () => {
    const Part = lazyPart(() => Promise.resolve(Loaded))
    expect(drawn(Part({ label: 'x' })).$$typeof).toBe(lazyType)
    await Part.preload()
    const element = inner(Part({ label: 'x' }))
    expect(element.type).toBe(Loaded)
    expect(element.props.label).toBe('x')
  })

  it('loads its code once, however often it is asked', async () => {
    let loads = 0
    const Part = lazyPart(() => {
      loads += 1
      return Promise.resolve(Loaded)
    })
    await Promise.all([Part.preload(), Part.preload()])
    await Part.preload()
    expect(loads).toBe(1)
  })

  it('tries again after a load that failed (offline for a moment)', async () => {
    let tries = 0
    const Part = lazyPart(() => (++tries === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Loaded)))
    await expect(Part.preload()).rejects.toMatchObject({ cause: new Error('offline') })
    await Part.preload()
    expect(tries).toBe(2)
    expect(drawn(Part({ label: 'x' }))).toBe(Loaded)
  })
})
