/** A listing's sort order (category pages, search results); the first key is the default and leaves the URL clean. */
import { useId, useState } from 'react'
import { m } from '../../paraglide/messages.js'

interface SortSelectProps<Key extends string> {
  keys: readonly Key[]
  labels: Record<Key, () => string>
  value: Key | undefined
  /** The chosen order, or undefined for the default. */
  onChange: (key: Key | undefined) => void
}

export function SortSelect<Key extends string>({ keys, labels, value, onChange }: SortSelectProps<Key>) {
  const id = useId()
  const fallback = keys[0]!
  // The box shows the choice at once; the URL (and so `value`) follows when the reordered listing loads, and a new
  // `value` (that answer, or back and forward) wins in the same render.
  const current = value ?? fallback
  const [shown, setShown] = useState(current)
  const [was, setWas] = useState(current)
  if (current !== was) {
    setWas(current)
    setShown(current)
  }
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted max-sm:sr-only">
        {m.sort_label()}
      </label>
      <select
        id={id}
        value={shown}
        onChange={(event) => {
          const key = event.target.value as Key
          setShown(key)
          onChange(key === fallback ? undefined : key)
        }}
        className="h-10 rounded-lg border border-line bg-white px-3 text-sm font-medium"
      >
        {keys.map((key) => (
          <option key={key} value={key}>
            {labels[key]()}
          </option>
        ))}
      </select>
    </div>
  )
}
