/**
 * The search box's popup (loaded on first focus): recent searches while the text is short, else
 * suggested words (query-suggestion index, up to 9) and products (up to 6) for the text, asked 300 ms
 * after the last key at 3 or more characters, in the index of the text's language (docs/product.md, "Validation").
 * It takes over the box's keys: the arrows move through the entries, Enter chooses one or searches
 * the text when it has 2 or more characters.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useAtom, useAtomValue } from 'jotai'
import { memo, type RefObject, useDeferredValue, useEffect, useState } from 'react'
import { appConfig, type Locale } from '../../../app.config'
import { currentLocale } from '../../lib/i18n'
import type { PricesWithTax } from '../../domain/pricing'
import { browserSearchClient } from '../../lib/search-client'
import { rememberSearchSource, sendSearchEvent } from '../../lib/search-insights'
import { searchLanguage } from '../../domain/search-text'
import { submittedFields } from '../../lib/form-fields'
import { m } from '../../paraglide/messages.js'
import { regionIdAtom, savedSearchWordsAtom } from '../../state/shopper'
import type { SearchBoxHandlers } from '../frame/SearchBox'
import { Price } from '../Price'
import { ProductPicture } from '../product/ProductPicture'
import { Icon } from '../ui/Icon'
import { useFrameData } from '../frame/frame-data'

interface SearchSuggestionsProps {
  listId: string
  text: string
  open: boolean
  /** Where the popup puts its handling of the box's keys and submit. */
  handlersRef: RefObject<SearchBoxHandlers | null>
  onActive: (id: string | undefined) => void
  /** Closes the popup and leaves the field (an entry was chosen). */
  onDone: () => void
}

interface SearchOption {
  id: string
  choose: () => void
}

type ProductHit = { objectID: string; name: string; rewrite_url: string; image: string[]; prices_with_tax: PricesWithTax }
type Answer = { words: string[]; products: ProductHit[]; queryID: string | null; indexName: string }

const noWords: string[] = []

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

type Hosted = Parameters<typeof browserSearchClient>[0]
type Navigate = ReturnType<typeof useNavigate>

export default memo(function SearchSuggestions({ listId, text, open, handlersRef, onActive, onDone }: SearchSuggestionsProps) {
  const locale = currentLocale()
  const navigate = useNavigate()
  // The /search page records the term in the recent searches (any way the shopper gets there).
  const onSearch = (term: string) => {
    const trimmed = term.trim()
    if (trimmed.length < appConfig.limits.searchEnterMinChars) return
    onDone()
    void navigate({ to: '/search', search: { q: trimmed } })
  }
  const hosted = useFrameData()?.search ?? null
  // Loaded after a focus, so long after hydration: the stored list can be read as it is.
  const [saved, setSaved] = useAtom(savedSearchWordsAtom)
  const { query, asking, data, isPlaceholderData } = useSuggestionAnswer(text, locale, hosted)
  // New suggestions (pictures and prices) render in a pass a key may interrupt.
  const shown = useDeferredValue(asking ? data : undefined)
  const recents = asking ? noWords : saved

  const options = suggestionOptions({ listId, recents, shown, hosted, onSearch, onDone, navigate })
  const activeId = useSuggestionKeys({ options, open, entries: { text, shown, recents }, handlersRef, onActive, onSearch })

  if (open && options.length === 0 && shown && !isPlaceholderData) {
    // Asked and answered with nothing: said, so an open box on a phone is never a blank screen.
    return (
      <div className="z-40 mt-2 rounded-xl bg-white p-4 text-sm text-muted md:absolute md:inset-x-0 md:top-full md:shadow-xl">
        <div id={listId} role="listbox" aria-label={m.search_suggestions_label()} hidden />
        <p role="status">{m.search_no_suggestions({ q: query })}</p>
      </div>
    )
  }
  if (!open || options.length === 0) return <div id={listId} role="listbox" aria-label={m.search_suggestions_label()} hidden />
  return (
    <SuggestionList
      listId={listId}
      recents={recents}
      shown={shown}
      options={options}
      activeId={activeId}
      onSearch={onSearch}
      onClearRecents={() => setSaved([])}
    />
  )
})

/** The suggestions for the text as typed: asked once the typing settles, when it is long enough. */
function useSuggestionAnswer(text: string, locale: Locale, hosted: Hosted) {
  const query = useDebounced(text.trim(), appConfig.timing.searchDebounceMs)
  const asking = query.length >= appConfig.limits.searchSuggestMinChars && text.trim().length >= appConfig.limits.searchSuggestMinChars
  const language = searchLanguage(query, locale)
  const regionId = useAtomValue(regionIdAtom)
  const { data, isPlaceholderData } = useQuery({
    queryKey: ['search-suggest', language, query, regionId],
    enabled: asking,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Answer> => {
      const indexName = appConfig.search.indexNames.products[language]
      const { results } = await browserSearchClient(hosted).search<ProductHit | { query: string }>({
        requests: [
          { indexName: appConfig.search.indexNames.suggestions[language], query, hitsPerPage: appConfig.limits.suggestedWordsMax },
          {
            indexName,
            query,
            hitsPerPage: appConfig.limits.suggestedProductsMax,
            // The spec's search: products the shopper's city has in stock.
            filters: `stock_region_ids=${regionId}`,
            clickAnalytics: true,
            attributesToRetrieve: ['name', 'rewrite_url', 'image', 'prices_with_tax'],
          },
        ],
      })
      const [words, products] = results as [{ hits: { query: string }[] }, { hits: ProductHit[]; queryID?: string }]
      return { words: words.hits.map((h) => h.query), products: products.hits, queryID: products.queryID ?? null, indexName }
    },
  })
  return { query, asking, data, isPlaceholderData }
}

/** Every entry in the popup's order (recent, words, products), each with what choosing it does. */
function suggestionOptions({
  listId,
  recents,
  shown,
  hosted,
  onSearch,
  onDone,
  navigate,
}: {
  listId: string
  recents: string[]
  shown: Answer | undefined
  hosted: Hosted
  onSearch: (term: string) => void
  onDone: () => void
  navigate: Navigate
}): SearchOption[] {
  return [
    ...recents.map((word, index) => ({ id: `${listId}-r${index}`, choose: () => onSearch(word) })),
    ...(shown?.words ?? []).map((word, index) => ({ id: `${listId}-w${index}`, choose: () => onSearch(word) })),
    ...(shown?.products ?? []).map((product, index) => ({
      id: `${listId}-p${index}`,
      choose: () => {
        onDone()
        if (shown?.queryID) {
          // docs/product.md, "Validation": a click after a search, with its queryID, index and position.
          const source = { queryID: shown.queryID, indexName: shown.indexName, hosted }
          rememberSearchSource(source)
          sendSearchEvent(hosted, {
            eventType: 'click',
            eventName: 'Suggested Product Clicked',
            index: source.indexName,
            queryID: source.queryID,
            objectIDs: [product.objectID],
            positions: [index + 1],
          })
        }
        void navigate({
          to: '/product/$rewriteUrl',
          params: { rewriteUrl: product.rewrite_url },
          search: shown?.queryID ? { queryID: shown.queryID } : {},
        })
      },
    })),
  ]
}

/** The box's keys over the entries: which one is active, told to the box, and the box's arrows, Enter and submit. */
function useSuggestionKeys({
  options,
  open,
  entries,
  handlersRef,
  onActive,
  onSearch,
}: {
  options: SearchOption[]
  open: boolean
  /** What the entries were made from: when any of it changes, the position goes back to the text. */
  entries: { text: string; shown: Answer | undefined; recents: string[] }
  handlersRef: RefObject<SearchBoxHandlers | null>
  onActive: (id: string | undefined) => void
  onSearch: (term: string) => void
}): string | undefined {
  const [active, setActive] = useState(-1)
  const count = options.length
  // New entries start again from the text itself, in the same render (an effect would first show the old position
  // on the new entries).
  const [entriesOf, setEntriesOf] = useState(entries)
  if (entriesOf.text !== entries.text || entriesOf.shown !== entries.shown || entriesOf.recents !== entries.recents) {
    setEntriesOf(entries)
    setActive(-1)
  }
  const activeId = open && active >= 0 && active < count ? options[active]!.id : undefined
  useEffect(() => onActive(activeId), [activeId, onActive])

  // The latest entries and state, for the box's next key or submit.
  useEffect(() => {
    handlersRef.current = {
      keyDown(event) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          if (count === 0) return
          event.preventDefault()
          // -1 is the text itself: moving past either end comes back to it.
          const step = event.key === 'ArrowDown' ? 1 : -1
          setActive((current) => ((((current + 1 + step) % (count + 1)) + count + 1) % (count + 1)) - 1)
        } else if (event.key === 'Enter' && activeId) {
          event.preventDefault()
          options[active]!.choose()
        }
      },
      submit(event) {
        // The field's own text: the popup's may be a key behind (it follows the field in a deferred pass).
        onSearch(submittedFields(event)('q'))
      },
    }
  })
  return activeId
}

/** What every entry of the list carries: its role, whether it is the active one, and its look. */
function optionProps(id: string, activeId: string | undefined) {
  return {
    id,
    role: 'option' as const,
    'aria-selected': activeId === id,
    // Keeps the focus in the box, so a tap chooses the entry instead of closing the popup first.
    onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
    className: `flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ${activeId === id ? 'bg-brand-soft' : 'hover:bg-surface'}`,
  }
}

interface SuggestionListProps {
  listId: string
  recents: string[]
  shown: Answer | undefined
  options: SearchOption[]
  activeId: string | undefined
  onSearch: (term: string) => void
  onClearRecents: () => void
}

/** The open popup: the recent searches, suggested words and suggested products, each group under its heading. */
function SuggestionList({ listId, recents, shown, options, activeId, onSearch, onClearRecents }: SuggestionListProps) {
  return (
    <div className="z-40 mt-2 overflow-hidden rounded-xl bg-white text-ink md:absolute md:inset-x-0 md:top-full md:max-h-[70vh] md:overflow-y-auto md:shadow-xl">
      <div id={listId} role="listbox" aria-label={m.search_suggestions_label()} className="p-2">
        {recents.length > 0 && (
          <div role="group" aria-labelledby={`${listId}-recent`}>
            <div className="flex items-center justify-between px-3 py-1">
              <span id={`${listId}-recent`} className="text-xs font-bold text-muted uppercase">
                {m.search_recent()}
              </span>
              <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={onClearRecents} className="text-xs font-semibold text-brand">
                {m.search_recent_clear()}
              </button>
            </div>
            {recents.map((word, index) => (
              <div key={word} {...optionProps(`${listId}-r${index}`, activeId)} onClick={() => onSearch(word)}>
                <Icon name="clock" className="size-4 text-muted" />
                {word}
              </div>
            ))}
          </div>
        )}
        {shown && shown.words.length > 0 && (
          <div role="group" aria-labelledby={`${listId}-words`}>
            <span id={`${listId}-words`} className="block px-3 py-1 text-xs font-bold text-muted uppercase">
              {m.search_suggested_words()}
            </span>
            {shown.words.map((word, index) => (
              <div key={word} {...optionProps(`${listId}-w${index}`, activeId)} onClick={() => onSearch(word)}>
                <Icon name="search" className="size-4 text-muted" />
                {word}
              </div>
            ))}
          </div>
        )}
        {shown && shown.products.length > 0 && (
          <div role="group" aria-labelledby={`${listId}-products`}>
            <span id={`${listId}-products`} className="block px-3 py-1 text-xs font-bold text-muted uppercase">
              {m.search_suggested_products()}
            </span>
            {shown.products.map((product, index) => (
              <div
                key={product.objectID}
                {...optionProps(`${listId}-p${index}`, activeId)}
                onClick={() => options.find((o) => o.id === `${listId}-p${index}`)?.choose()}
              >
                <ProductPicture
                  src={product.image[0]}
                  widths={[40, 80]}
                  sizes="40px"
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  className="size-10 shrink-0 rounded bg-surface object-contain"
                />
                <span className="line-clamp-2 flex-1">{product.name}</span>
                <Price amount={product.prices_with_tax.price} className="shrink-0 font-semibold" />
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  )
}
