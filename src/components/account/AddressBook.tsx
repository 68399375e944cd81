/**
 * The customer's saved addresses (docs/product.md, "Accounts"): each with its default mark, edit, delete (asked
 * first) and "Make default"; a form adds or edits one with the National Address rules the checkout uses.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { addressErrors, type AddressFields, type SavedAddress } from '../../domain/checkout'
import { effectiveRegion } from '../../domain/region'
import { cityName } from '../../lib/city-search'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { orderQueries, useDeleteAddress, useSaveAddress, useSetDefaultAddress } from '../../queries/orders'
import { failureMessage } from '../../queries/server-action'
import { AddressForm, addressFromForm } from '../checkout/AddressForm'
import { checkoutFieldMessage, type FieldErrors } from '../checkout/field-messages'
import { AddressLines } from '../checkout/OrderConfirmation'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { useFrameData } from '../frame/frame-data'

export function AddressBook() {
  const locale = currentLocale()
  const regions = useFrameData()?.regions
  const addresses = useQuery(orderQueries.addresses(locale)).data?.data?.addresses ?? []
  const save = useSaveAddress()
  const remove = useDeleteAddress()
  const makeDefault = useSetDefaultAddress()
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null)
  const [deleting, setDeleting] = useState<number | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const city = (id: number) => cityName(regions, effectiveRegion(id)) ?? ''

  return (
    <section aria-labelledby="addresses-heading" className="rounded-2xl bg-white p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="addresses-heading" className="text-lg font-bold">
          {m.profile_addresses()}
        </h2>
        {editing === null && (
          <button type="button" onClick={() => setEditing('new')} className="text-sm font-semibold text-brand">
            {m.profile_address_add()}
          </button>
        )}
      </div>
      {addresses.length === 0 && editing === null && <p className="text-sm text-muted">{m.profile_addresses_empty()}</p>}
      <ul className="divide-y divide-line">
        {addresses.map((saved) => (
          <li key={saved.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div>
              {saved.is_default && (
                <span className="mb-1 inline-block rounded bg-brand-soft px-2 py-0.5 text-xs font-bold text-brand">
                  {m.profile_address_default()}
                </span>
              )}
              <AddressLines address={saved.address} city={city(saved.address.regionId)} />
            </div>
            <div className="flex gap-3 text-sm font-semibold">
              {!saved.is_default && (
                <button type="button" onClick={() => makeDefault.mutate(saved.id)} className="text-brand">
                  {m.profile_address_make_default()}
                </button>
              )}
              <button type="button" onClick={() => setEditing(saved)} className="text-brand">
                {m.profile_address_edit()}
              </button>
              <button type="button" onClick={() => setDeleting(saved.id)} className="text-sale">
                {m.profile_address_delete()}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing !== null && (
        <form
          noValidate
          className="mt-4 space-y-4 border-t border-line pt-4"
          onSubmit={async (event) => {
            event.preventDefault()
            setFailure(null)
            const form = event.currentTarget
            const address: AddressFields = addressFromForm(new FormData(form), '', 0)
            const found = addressErrors(address)
            setErrors(Object.fromEntries(found.map((field) => [field, checkoutFieldMessage(field)])))
            if (found.length > 0) return form.querySelector<HTMLElement>(`[name="${found[0]}"]`)?.focus()
            const result = await save.mutateAsync({ ...(editing === 'new' ? {} : { id: editing.id }), address })
            if (!result.data) return setFailure(failureMessage(result, m.error_internal))
            setEditing(null)
          }}
        >
          <AddressForm
            key={editing === 'new' ? 'new' : editing.id}
            prefix=""
            defaults={editing === 'new' ? null : editing.address}
            errors={errors}
            regionId={effectiveRegion(editing === 'new' ? null : editing.address.regionId)}
            cityLabel=""
            regions={regions?.slice(1) ?? []}
          />
          {failure && (
            <p role="alert" className="rounded-lg bg-[#fde8eb] px-3 py-2 text-sm text-sale">
              {failure}
            </p>
          )}
          <div className="flex gap-3">
            <button
              type="submit"
              disabled={save.isPending}
              className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-ink disabled:opacity-60"
            >
              {m.profile_address_save()}
            </button>
            <button
              type="button"
              onClick={() => {
                setEditing(null)
                setErrors({})
              }}
              className="rounded-full border border-line px-5 py-2.5 font-semibold"
            >
              {m.profile_address_cancel()}
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={m.profile_address_delete_title()}
        text={m.profile_address_delete_text()}
        confirmLabel={m.profile_address_delete()}
        cancelLabel={m.profile_address_cancel()}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(deleting!, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
