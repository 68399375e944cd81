/**
 * A Lucide icon drawn from its node data (the `lucide` package): the same pictures as lucide-react
 * without its per-icon React runtime, which cost every page about 1 KB of first-load JS. Icons are
 * decoration here; the control around them carries the accessible name.
 */
import type { IconNode } from 'lucide'
import { createElement } from 'react'

export function Icon({ icon, className }: { icon: IconNode; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  )
}
