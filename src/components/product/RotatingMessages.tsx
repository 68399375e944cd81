/**
 * Product messages, one at a time, turning every 2500 ms (docs/product.md, "Screens"). All cards share one
 * timer. The line keeps its height with or without messages, so nothing below it moves. A turn renders as a
 * transition: the 24 cards of a listing turning at once are split into short tasks, so a tap that lands in that
 * moment is not kept waiting behind them (docs/architecture.md, "Taps").
 */
import { startTransition, useEffect, useState } from 'react'
import { appConfig } from '../../../app.config'
import type { ProductMessage } from '../../domain/product'

let tick = 0
let timer: ReturnType<typeof setInterval> | undefined
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  timer ??= setInterval(() => {
    tick += 1
    for (const notify of listeners) notify()
  }, appConfig.timing.productMessageRotateMs)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/** The shared turn counter; a card with one message or none never starts the timer. Hydration starts from 0, as the server did. */
function useRotationTick(turning: boolean): number {
  const [shown, setShown] = useState(0)
  useEffect(() => {
    if (!turning) return
    const follow = () => startTransition(() => setShown(tick))
    // A card mounted after others have turned shows the current turn at once.
    if (tick !== 0) follow()
    return subscribe(follow)
  }, [turning])
  return shown
}

export function RotatingMessages({ messages }: { messages: ProductMessage[] }) {
  const tickNow = useRotationTick(messages.length > 1)
  const message = messages.length > 0 ? messages[tickNow % messages.length] : undefined
  return (
    <p className="h-5 truncate text-xs text-brand" data-testid={message ? 'product-message' : undefined}>
      {message?.text}
    </p>
  )
}
