import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { themeAttribute } from './theme'

describe('site theme', () => {
  it('names the active modes', () => {
    expect(themeAttribute({ extreme: false, nationalDay: false })).toBeUndefined()
    expect(themeAttribute({ extreme: true, nationalDay: false })).toBe('extreme')
    expect(themeAttribute({ extreme: true, nationalDay: true })).toBe('extreme national-day')
    expect(themeAttribute(undefined)).toBeUndefined()
  })

  it('changes only colours: each theme block sets colour variables and nothing else', () => {
    const css = readFileSync(new URL('../styles/app.css', import.meta.url), 'utf8')
    const blocks = [...css.matchAll(/\[data-theme~='[\w-]+'\]\s*\{([^}]*)\}/g)].map((m) => m[1]!)
    expect(blocks).toHaveLength(2)
    for (const block of blocks) {
      const declarations = block
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
      for (const d of declarations) expect(d).toMatch(/^--(brand|brand-ink|brand-soft|accent|accent-ink|sale):\s*#[0-9a-f]{3,8}$/i)
    }
  })
})
