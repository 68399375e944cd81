/** One choice of a radio group drawn as a card (checkout's delivery and payment methods): marked when chosen, dimmed when not offered. */
import { type ReactNode, startTransition, useState } from 'react'

interface OptionRadioProps {
  name: string
  value: string
  checked: boolean
  disabled?: boolean
  onChange: () => void
  children: ReactNode
}

export function OptionRadio({ name, value, checked, disabled = false, onChange, children }: OptionRadioProps) {
  return (
    <label
      className={`flex items-center gap-3 rounded-lg border px-4 py-3 ${disabled ? 'border-line opacity-60' : 'cursor-pointer border-line has-checked:border-brand has-checked:bg-brand-soft'}`}
    >
      <input type="radio" name={name} value={value} disabled={disabled} checked={checked} onChange={onChange} className="accent-[var(--brand)]" />
      {children}
    </label>
  )
}

/**
 * A radio group's choice as a tap shows it: the tapped card is marked in the tap's own frame, and the page's answer to
 * the choice (checkout re-renders its whole form) follows as a transition, which React renders in short tasks after
 * that frame (docs/architecture.md, "Taps"). The page's `chosen` wins again as soon as it changes.
 */
export function useChoiceFirst<Code>(chosen: Code | null, onChoose: (code: Code) => void): [Code | null, (code: Code) => void] {
  // Boxed, so a choice is told apart from no choice whatever the codes are.
  const [picked, setPicked] = useState<{ code: Code } | null>(null)
  const [was, setWas] = useState(chosen)
  if (was !== chosen) {
    setWas(chosen)
    setPicked(null)
  }
  const choose = (code: Code) => {
    setPicked({ code })
    startTransition(() => onChoose(code))
  }
  return [picked ? picked.code : chosen, choose]
}
