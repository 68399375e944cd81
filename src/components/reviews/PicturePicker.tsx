/**
 * The review form's pictures (docs/decisions/0034-reviews.md, "Pictures"): up to `serverLimits.reviews.pictures.max`
 * files, each previewed with a button that removes it. The browser's checks (count, size, declared type) only save a
 * wasted upload and say what is wrong at once; the server decides by the bytes and strips the metadata.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { serverLimits } from '../../../config/server-limits'
import { m } from '../../paraglide/messages.js'

const limits = serverLimits.reviews.pictures

export interface Chosen {
  file: File
  preview: string
}

/** The files kept of `added` after `current`, and the first reason one was left out. */
export function choosePictures(current: number, added: File[]): { kept: File[]; refused: string | null } {
  const kept: File[] = []
  let refused: string | null = null
  for (const file of added) {
    if (!(limits.types as readonly string[]).includes(file.type)) refused ??= m.error_review_picture_type()
    else if (file.size > limits.maxBytes) refused ??= m.error_review_picture_too_large()
    else if (current + kept.length >= limits.max) refused ??= m.error_review_pictures_too_many()
    else kept.push(file)
  }
  return { kept, refused }
}

export function PicturePicker({ chosen, onChange, disabled }: { chosen: Chosen[]; onChange: (next: Chosen[]) => void; disabled: boolean }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [refused, setRefused] = useState<string | null>(null)
  // The previews' object URLs are let go when the form goes.
  const latest = useRef(chosen)
  useEffect(() => {
    latest.current = chosen
  }, [chosen])
  useEffect(() => () => latest.current.forEach((c) => URL.revokeObjectURL(c.preview)), [])
  return (
    <div>
      <p id={`${id}-label`} className="mb-1 text-sm font-medium">
        {m.review_pictures_label()}
      </p>
      {chosen.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-labelledby={`${id}-label`}>
          {chosen.map((c, i) => (
            <li key={c.preview} className="relative">
              <img
                src={c.preview}
                alt={m.review_picture_chosen({ number: i + 1 })}
                width={80}
                height={80}
                className="size-20 rounded-lg object-cover"
              />
              <button
                type="button"
                disabled={disabled}
                aria-label={m.review_picture_remove({ number: i + 1 })}
                onClick={() => {
                  URL.revokeObjectURL(c.preview)
                  setRefused(null)
                  onChange(chosen.filter((other) => other !== c))
                }}
                className="absolute end-1 top-1 grid size-8 place-items-center rounded-full bg-ink/80 text-base font-bold text-white shadow"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length < limits.max && (
        <label className="inline-flex h-10 cursor-pointer items-center rounded-full border border-brand px-4 text-sm font-semibold text-brand focus-within:outline-2 focus-within:outline-brand">
          {m.review_pictures_add()}
          <input
            ref={input}
            type="file"
            name="pictures"
            accept={limits.types.join(',')}
            multiple
            disabled={disabled}
            aria-describedby={`${id}-hint${refused ? ` ${id}-refused` : ''}`}
            className="sr-only"
            onChange={(event) => {
              const { kept, refused: why } = choosePictures(chosen.length, [...(event.target.files ?? [])])
              setRefused(why)
              onChange([...chosen, ...kept.map((file) => ({ file, preview: URL.createObjectURL(file) }))])
              // The same file may be chosen again after it was removed.
              if (input.current) input.current.value = ''
            }}
          />
        </label>
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {m.review_pictures_hint()}
      </p>
      {refused && (
        <p id={`${id}-refused`} role="alert" className="mt-1 text-sm text-sale">
          {refused}
        </p>
      )}
    </div>
  )
}
