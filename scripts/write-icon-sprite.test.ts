import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { iconSymbolsFile, iconSymbolsSource } from './write-icon-sprite'

describe('the icon sprite', () => {
  // A name added to src/domain/icons.ts without the symbols written would draw nothing, silently.
  it('holds a symbol for every icon the pages name, as the Lucide set draws it', () => {
    expect(readFileSync(iconSymbolsFile, 'utf8'), 'run: npx tsx scripts/write-icon-sprite.ts').toBe(iconSymbolsSource())
  })
})
