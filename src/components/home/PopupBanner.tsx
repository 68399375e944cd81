/**
 * The home popup banner (img-en or img-ar by language), once per visit, a few seconds after load, and never in the
 * shopper's way (src/lib/popup-timing.ts).
 */
import { Link } from '@tanstack/react-router'
import { useAtom, useAtomValue, useStore } from 'jotai'
import { useEffect } from 'react'
import { appConfig } from '../../../app.config'
import { currentLocale } from '../../lib/i18n'
import { consentCookie } from '../../domain/cookies'
import { isField, popupWait } from '../../lib/popup-timing'
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
  const store = useStore()
  useEffect(() => {
    // A promotion never covers the cookie banner: its delay starts once the banner has been answered.
    const answered = answeredHere || readBrowserCookie(consentCookie) !== undefined
    if (!answered || sessionStorage.getItem(popupBannerSeenKey)) return
    // Nor a field with focus, nor a shopper who did something less than 10 s ago (src/lib/popup-timing.ts). The answer
    // to the cookie banner on this page is such an input: the popup never follows it within 10 s. So is a page already
    // scrolled when this starts (a shopper who scrolled before the popup's code arrived).
    const dueAt = Date.now() + popupDelayMs
    let lastInputAt: number | undefined = answeredHere || window.scrollY > 0 ? Date.now() : undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    let afterFocus: ReturnType<typeof setTimeout> | undefined
    let done = false
    const decide = () => {
      if (done) return
      clearTimeout(timer)
      // One modal at a time: if another is open when the popup's moment comes, the moment passes, as it always has.
      if (Date.now() >= dueAt && store.get(openModalAtom) !== null) {
        done = true
        sessionStorage.setItem(popupBannerSeenKey, '1')
        return
      }
      const wait = popupWait({ now: Date.now(), dueAt, lastInputAt, fieldFocused: isField(document.activeElement as HTMLInputElement | null) })
      if (wait === 'field-focused') return // focusout asks again
      if (wait > 0) {
        timer = setTimeout(decide, wait)
        return
      }
      done = true
      sessionStorage.setItem(popupBannerSeenKey, '1')
      setOpenModal((current) => current ?? 'popupBanner')
    }
    const input = () => {
      lastInputAt = Date.now()
    }
    // Focus leaving a field for the next one arrives as focusout before focusin: ask once the new focus has landed.
    const focusLeft = () => {
      clearTimeout(afterFocus)
      afterFocus = setTimeout(decide, 0)
    }
    document.addEventListener('keydown', input, true)
    document.addEventListener('pointerdown', input, true)
    document.addEventListener('input', input, true)
    // A scroll by wheel, touch or scrollbar: a shopper reading the page is not covered either.
    window.addEventListener('scroll', input, { capture: true, passive: true })
    document.addEventListener('focusout', focusLeft)
    timer = setTimeout(decide, popupDelayMs)
    return () => {
      done = true
      clearTimeout(timer)
      clearTimeout(afterFocus)
      document.removeEventListener('keydown', input, true)
      document.removeEventListener('pointerdown', input, true)
      document.removeEventListener('input', input, true)
      window.removeEventListener('scroll', input, { capture: true })
      document.removeEventListener('focusout', focusLeft)
    }
  }, [setOpenModal, answeredHere, store])
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
