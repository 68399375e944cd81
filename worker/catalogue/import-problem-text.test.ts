// The console's words for an import's problems (./import-problem-text.ts) say in English exactly what the command
// prints (./catalogue-file.ts `importReasons`): one set of words in two places cannot drift apart.
import { describe, expect, it } from 'vitest'
import { importReasons, reasonWords } from './catalogue-file'
import { reasonMessages } from './import-problem-text'

describe('an import problem`s words', () => {
  it('are the same in the console`s English as in the command`s, for every reason', () => {
    for (const key of Object.keys(importReasons) as (keyof typeof importReasons)[]) {
      const names = [...importReasons[key].matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
      const values = Object.fromEntries(names.map((name, i) => [name, `v${i}`]))
      expect(reasonMessages[key](values, { locale: 'en' }), key).toBe(reasonWords(key, values))
      expect(reasonMessages[key](values, { locale: 'ar' }), key).not.toBe(reasonWords(key, values))
    }
  })
})
