/** The pieces every filter panel is made of: a titled group of choices and a counted checkbox. */
import { type ReactNode, useState } from 'react'

/** A comma-separated URL list with the key added, or removed when it is there (empty: no list). */
export function toggled(list: string | undefined, key: string): string | undefined {
  const items = list ? list.split(',') : []
  const next = items.includes(key) ? items.filter((item) => item !== key) : [...items, key]
  return next.length > 0 ? next.join(',') : undefined
}

export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-line py-4 last:border-b-0">
      <legend className="float-start mb-2 text-sm font-bold">{title}</legend>
      <div className="clear-both space-y-1">{children}</div>
    </fieldset>
  )
}

export function Check({ label, count, checked, onChange }: { label: string; count?: number; checked: boolean; onChange: () => void }) {
  // The box follows the click at once; the URL (and so `checked`) follows when the new listing loads, and a new
  // `checked` (that answer, or back and forward) wins in the same render.
  const [shown, setShown] = useState(checked)
  const [was, setWas] = useState(checked)
  if (checked !== was) {
    setWas(checked)
    setShown(checked)
  }
  return (
    <label className={`flex min-h-9 cursor-pointer items-center gap-3 text-sm ${count === 0 && !checked ? 'text-muted' : ''}`}>
      <input
        type="checkbox"
        checked={shown}
        onChange={() => {
          setShown(!shown)
          onChange()
        }}
        className="size-4 shrink-0 accent-[var(--brand)]"
      />
      <span className="flex-1">{label}</span>
      {count !== undefined && (
        <>
          <span className="text-xs text-muted" aria-hidden="true">
            {count}
          </span>
          <span className="sr-only">({count})</span>
        </>
      )}
    </label>
  )
}
