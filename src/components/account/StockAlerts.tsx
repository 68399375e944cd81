/**
 * The signed-in shopper's back-in-stock alerts (docs/product.md, "Back-in-stock alerts"): each product with its city,
 * waiting or sent, and Remove.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { effectiveRegion } from '../../domain/region'
import { cityName } from '../../lib/city-search'
import { currentLocale } from '../../lib/i18n'
import { m } from '../../paraglide/messages.js'
import { useFrameData } from '../frame/frame-data'

interface Alert {
  id: number
  rewrite_url: string
  name_ar: string
  name_en: string
  region_id: number
  sent_at: string | null
}

const alertsKey = ['stock-alerts'] as const

export function StockAlerts() {
  const locale = currentLocale()
  const queryClient = useQueryClient()
  const regions = useFrameData()?.regions
  const alerts = useQuery({
    queryKey: alertsKey,
    queryFn: async () => {
      const response = await fetch(`/api/stock-alerts?lang=${locale}`)
      return response.ok ? ((await response.json()) as { data: { alerts: Alert[] } }).data.alerts : []
    },
  }).data
  const [failure, setFailure] = useState<string | null>(null)

  async function remove(id: number) {
    setFailure(null)
    const response = await fetch(`/api/stock-alerts/${id}?lang=${locale}`, { method: 'DELETE' }).catch(() => null)
    if (!response?.ok) setFailure(m.error_unavailable())
    await queryClient.invalidateQueries({ queryKey: alertsKey })
  }

  return (
    <section aria-labelledby="stock-alerts-heading" className="rounded-2xl bg-white p-5">
      <h2 id="stock-alerts-heading" className="mb-3 text-lg font-bold">
        {m.stock_alert_account_title()}
      </h2>
      {alerts && alerts.length === 0 && <p className="text-sm text-muted">{m.stock_alert_account_empty()}</p>}
      <ul className="divide-y divide-line">
        {alerts?.map((alert) => (
          <li key={alert.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <Link to="/product/$rewriteUrl" params={{ rewriteUrl: alert.rewrite_url }} className="font-semibold hover:text-brand">
                {locale === 'en' ? alert.name_en : alert.name_ar}
              </Link>
              <p className="text-sm text-muted">
                {cityName(regions, effectiveRegion(alert.region_id))} ·{' '}
                {alert.sent_at ? m.stock_alert_account_sent() : m.stock_alert_account_waiting()}
              </p>
            </div>
            <button type="button" onClick={() => void remove(alert.id)} className="text-sm font-semibold text-sale">
              {m.stock_alert_remove()}
            </button>
          </li>
        ))}
      </ul>
      {failure && (
        <p role="alert" className="mt-2 text-sm font-semibold text-sale">
          {failure}
        </p>
      )}
    </section>
  )
}
