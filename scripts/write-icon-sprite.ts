// tsx scripts/write-icon-sprite.ts: writes worker/http/icon-symbols.ts, the <symbol> of each icon src/domain/icons.ts
// names, from @iconify-json/lucide (the set's 24 x 24 paths, stroked in the text's colour). Run it after adding an
// icon; scripts/write-icon-sprite.test.ts fails until it has been.
import lucide from '@iconify-json/lucide/icons.json' with { type: 'json' }
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { iconPictures, iconSymbolId, type IconName } from '../src/domain/icons'

export const iconSymbolsFile = 'worker/http/icon-symbols.ts'

const icons = lucide.icons as Record<string, { body: string }>
const aliases = (lucide.aliases ?? {}) as Record<string, { parent: string }>

/** A Lucide icon's paths. */
function body(name: string): string {
  const icon = icons[name] ?? icons[aliases[name]?.parent ?? '']
  if (!icon) throw new Error(`Lucide has no icon "${name}"`)
  return icon.body
}

/** The hand-drawn ones: the heart's outline, filled. */
const drawn: Partial<Record<IconName, string>> = {
  'heart-filled': body('heart').replace('fill="none"', 'fill="currentColor"'),
}

/** The file's text: one string of <symbol>s, in the names' order. */
export function iconSymbolsSource(): string {
  const symbols = (Object.entries(iconPictures) as [IconName, string | null][]).map(([name, picture]) => {
    const paths = picture ? body(picture) : drawn[name]
    if (!paths) throw new Error(`no drawing for the icon "${name}"`)
    return `<symbol id="${iconSymbolId(name)}" viewBox="0 0 24 24">${paths}</symbol>`
  })
  return (
    `// Written by scripts/write-icon-sprite.ts from @iconify-json/lucide and src/domain/icons.ts: do not edit.\n` +
    `export const iconSymbols = ${JSON.stringify(symbols.join(''))}\n`
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(iconSymbolsFile, iconSymbolsSource())
  console.log(`icons: ${Object.keys(iconPictures).length} symbols -> ${iconSymbolsFile}`)
}
