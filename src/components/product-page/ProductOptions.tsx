/**
 * A configurable product's options (docs/product.md, "Validation": all required). Each option is a group of
 * radio buttons drawn as chips; a missing choice is announced with the product's message.
 */
import type { ProductOption } from '../../domain/product'
import { m } from '../../paraglide/messages.js'

interface ProductOptionsProps {
  options: ProductOption[]
  chosen: Record<string, number>
  onChoose: (code: string, value: number) => void
  /** The option codes still missing after an add was tried. */
  missing: string[]
  /** Whether choosing a value leads to a variant sold out in the shopper's city (docs/decisions/0020-variants-are-products.md). */
  soldOut?: (code: string, value: number) => boolean
}

export function ProductOptions({ options, chosen, onChoose, missing, soldOut }: ProductOptionsProps) {
  return (
    <div className="grid gap-4">
      {options.map((option) => {
        const invalid = missing.includes(option.code)
        return (
          <fieldset key={option.code} aria-invalid={invalid || undefined} data-option={option.code}>
            <legend className={`mb-2 text-sm font-semibold ${invalid ? 'text-sale' : ''}`}>
              {option.label}
              {chosen[option.code] !== undefined && (
                <span className="ms-2 font-normal text-muted">{option.values.find((v) => v.value === chosen[option.code])?.label}</span>
              )}
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const out = soldOut?.(option.code, value.value) ?? false
                const isChosen = chosen[option.code] === value.value
                return (
                  <label
                    key={value.value}
                    className={`cursor-pointer rounded-full border border-line bg-white px-4 py-2 text-sm has-checked:border-brand has-checked:bg-brand has-checked:text-brand-ink has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand ${out ? 'border-dashed text-muted' : ''}`}
                  >
                    <input
                      type="radio"
                      name={option.code}
                      value={value.value}
                      // Uncontrolled, so the browser checks it in the tap's own frame; every render then sets it to
                      // the choice rendered (the variant the page moved to, or a choice put back).
                      defaultChecked={isChosen}
                      ref={(input) => {
                        if (input) input.checked = isChosen
                      }}
                      onChange={() => onChoose(option.code, value.value)}
                      className="sr-only"
                    />
                    {value.label}
                    {out && <span className="sr-only">{`, ${m.product_out_of_stock()}`}</span>}
                  </label>
                )
              })}
            </div>
          </fieldset>
        )
      })}
    </div>
  )
}
