/** The home popup banner (img-en or img-ar by language), once per visit, a few seconds after load. */
import { Link } from '@tanstack/react-router'
import { useAtom, useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { appConfig } from '../../../app.config'
import { currentLocale } from '../../lib/i18n'
import { consentCookie } from '../../domain/cookies'
import { popupBannerSeenKey } from '../../lib/storage-keys'
import { readBrowserCookie } from '../../lib/browser-cookies'
import { consentAnsweredAtom, openModalAtom } from '../../state/shopper'
import { Dialog } from '../ui/Dialog'
import type { HomeContent } from '../../domain/content'

/** The product's 3 s modal trigger delay. */
const popupDelayMs = appConfig.timing.modalTriggerDelayMs + 1000

export function PopupBanner({ banner }: { banner: NonNullable<HomeContent['popup-banner']> }) {
  const [openModal, setOpenModal] = useAtom(openModalAtom)
  const answeredHere = useAtomValue(consentAnsweredAtom)
  useEffect(() => {
    // A promotion never covers the cookie banner: its delay starts once the banner has been answered.
    const consentAnswered = answeredHere || readBrowserCookie(consentCookie) !== undefined
    if (!consentAnswered || sessionStorage.getItem(popupBannerSeenKey)) return
    const timer = setTimeout(() => {
      sessionStorage.setItem(popupBannerSeenKey, '1')
      // One modal at a time: never over another one.
      setOpenModal((current) => current ?? 'popupBanner')
    }, popupDelayMs)
    return () => clearTimeout(timer)
  }, [setOpenModal, answeredHere])
  const image = currentLocale() === 'ar' ? banner['img-ar'] : banner['img-en']
  return (
    <Dialog open={openModal === 'popupBanner'} onClose={() => setOpenModal(null)} title={banner.alt} hideTitle>
      <Link to={banner.href} onClick={() => setOpenModal(null)} className="relative block">
        <img src={image} alt="" width={800} height={600} className="w-full" />
        <span className="absolute inset-0 flex items-center justify-center p-8 text-center text-3xl font-extrabold text-white">{banner.alt}</span>
      </Link>
    </Dialog>
  )
}
