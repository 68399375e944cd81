/**
 * The frame's data (tree, cities, fast-delivery cities, picture delivery, payment options: the root loader's
 * `catalogueQueries.frame`), read once by the root document and handed down. A listing's 24 cards each read it twice
 * (picture, delivery badge): as a query each, that was 48 observers, each subscribing and setting its own stale timer
 * in the effects after hydration, one long task on a phone (docs/architecture.md, "Taps").
 */
import { createContext, use } from 'react'
import type { FrameData } from '../../queries/catalogue'

/** Given the frame's query data by the root document (src/routes/__root.tsx), its one reader. */
export const FrameDataContext = createContext<FrameData | undefined>(undefined)

/** The frame's data, undefined until it has arrived. */
export function useFrameData(): FrameData | undefined {
  return use(FrameDataContext)
}
