/**
 * A price as docs/product.md, "Languages, numbers and text" wants it: the riyal sign (U+20C1) left of the number with a space,
 * Western digits, isolated left-to-right inside Arabic text, and read out as "1,299 Saudi riyals".
 * The sign is drawn from its SVG (the `riyal` class): few fonts have the glyph yet, and a web font for
 * that one character laid out every page a second time when it arrived.
 */
import { formatAmount } from '../domain/money'
import { m } from '../paraglide/messages.js'

interface PriceProps {
  amount: number
  decimals?: number
  className?: string
  /** A struck-through former price. */
  was?: boolean
  /** A deduction (discount): the minus sign stays with the number in both directions. */
  negative?: boolean
}

export function Price({ amount, decimals, className, was = false, negative = false }: PriceProps) {
  const text = formatAmount(amount, decimals)
  const spoken = was ? m.price_was_label({ amount: text }) : m.price_label({ amount: negative ? `-${text}` : text })
  const Tag = was ? 's' : 'span'
  return (
    <bdi dir="ltr" className={className}>
      <Tag aria-hidden="true" className="whitespace-nowrap">
        {negative && '−'}
        <span className="riyal" /> {text}
      </Tag>
      <span className="sr-only">{spoken}</span>
    </bdi>
  )
}
