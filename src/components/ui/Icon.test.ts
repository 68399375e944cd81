import lucide from '@iconify-json/lucide/icons.json' with { type: 'json' }
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pictures } from './Icon'

describe('Icon', () => {
  // The Tailwind plugin makes CSS only for icons the set has: a misspelt name would draw nothing, silently.
  it('names only icons the Lucide set has', () => {
    for (const picture of Object.values(pictures).filter((p) => p.startsWith('lucide--'))) {
      const name = picture.slice('lucide--'.length)
      expect(name in lucide.icons || name in (lucide.aliases ?? {}), picture).toBe(true)
    }
  })

  it('has the CSS of the one icon drawn by hand', () => {
    const css = readFileSync(new URL('../../styles/app.css', import.meta.url), 'utf8')
    for (const picture of Object.values(pictures).filter((p) => !p.startsWith('lucide--'))) expect(css).toContain(`.${picture} {`)
  })
})
