/** One choice of a radio group drawn as a card (checkout's delivery and payment methods): marked when chosen, dimmed when not offered. */
import type { ReactNode } from 'react'

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
