/**
 * The header's search box (docs/product.md, "Screens", "Validation" and "Limits"), an ARIA combobox. Only the field is in the
 * first page load: its popup (suggested words, products and recent searches, the arrow keys, Enter,
 * search/SearchSuggestions.tsx) loads on the first focus and is first drawn the frame after it (docs/architecture.md,
 * "Taps"). Until then the form submits as plain HTML to /search?q=, which records the term.
 * On a phone the open box fills the screen.
 */
import { Suspense, useCallback, useDeferredValue, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { appConfig } from '../../../app.config'
import { m } from '../../paraglide/messages.js'
import { localizeHref } from '../../paraglide/runtime'
import { Icon } from '../ui/Icon'
import { useAfterNextPaint } from '../../lib/after-next-paint'
import { lazyPart } from '../../lib/lazy-part'

const SearchSuggestions = lazyPart(() => import('../search/SearchSuggestions').then((module) => module.default))

/** What the popup does with the field's keys and submit, once its code has loaded. */
export interface SearchBoxHandlers {
  keyDown: (event: KeyboardEvent<HTMLInputElement>) => void
  submit: (event: FormEvent<HTMLFormElement>) => void
}

export function SearchBox({ className = '' }: { className?: string }) {
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const [activeId, setActiveId] = useState<string | undefined>()
  const handlers = useRef<SearchBoxHandlers | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const close = useCallback(() => setOpen(false), [])
  const done = useCallback(() => {
    setOpen(false)
    input.current?.blur()
  }, [])
  // A key shows in the field in its own frame; the popup follows the text in a pass React interrupts for the next
  // key (docs/architecture.md, "Taps"). The popup is memoised, so the key's own render is the field's alone.
  const shownText = useDeferredValue(text)
  // The focus that first opens the box paints the open field alone; the popup (its code loaded on that focus) joins
  // later. Its code is not loaded at idle: with the account modals it pushed the listings' Lighthouse TBT over 100 ms.
  const popupMounted = useAfterNextPaint(loaded)

  return (
    <div
      onBlur={(event) => {
        // Focus moving outside the box and its popup closes the popup.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close()
      }}
      className={`${open ? 'max-md:fixed max-md:inset-0 max-md:z-50 max-md:overflow-y-auto max-md:bg-white max-md:p-3' : ''} relative ${className}`}
    >
      <form
        role="search"
        action={localizeHref('/search')}
        method="get"
        className="relative flex items-center gap-2"
        onSubmit={(event) => handlers.current?.submit(event)}
      >
        {open && (
          <button type="button" onClick={close} aria-label={m.search_close()} className="shrink-0 rounded-full p-2 text-ink md:hidden">
            <Icon name="arrow-right" className="size-5 ltr:rotate-180" />
          </button>
        )}
        <label htmlFor={id} className="sr-only">
          {m.header_search_label()}
        </label>
        <input
          ref={input}
          id={id}
          name="q"
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? activeId : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
          }}
          onFocus={() => {
            setLoaded(true)
            setOpen(true)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close()
            handlers.current?.keyDown(event)
          }}
          required
          minLength={appConfig.limits.searchEnterMinChars}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={m.header_search_placeholder()}
          className={`h-11 w-full rounded-full bg-white ps-5 pe-12 text-ink placeholder:text-muted focus:outline-2 focus:outline-accent ${open ? 'max-md:border max-md:border-line' : 'border-0'}`}
        />
        <button
          type="submit"
          className="absolute inset-y-1 end-1 inline-flex w-9 items-center justify-center rounded-full bg-brand text-brand-ink hover:opacity-90"
          aria-label={m.header_search_submit()}
        >
          <Icon name="search" className="size-5" />
        </button>
      </form>
      {popupMounted && (
        <Suspense fallback={null}>
          <SearchSuggestions listId={listId} text={shownText} open={open} handlersRef={handlers} onActive={setActiveId} onDone={done} />
        </Suspense>
      )}
    </div>
  )
}
