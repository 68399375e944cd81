/**
 * The home banners: a swipeable strip (CSS scroll snap), desktop and mobile art per banner. Below it, previous and next
 * arrows and a dot per slide, and the arrow keys, Home and End move between slides in either writing direction
 * (issue 28, "No friction": slides 2 and 3 were out of reach without a swipe).
 */
import { Link } from '@tanstack/react-router'
import { useRef, type KeyboardEvent } from 'react'
import { keyStep } from '../../lib/scroller'
import { m } from '../../paraglide/messages.js'
import type { HomeBanner } from '../../domain/content'
import { Icon } from '../ui/Icon'
import { useScroller } from '../ui/use-scroller'

export function HeroBanners({ banners }: { banners: HomeBanner[] }) {
  const strip = useRef<HTMLUListElement>(null)
  const { index, goTo } = useScroller(strip, banners.length)
  const count = banners.length
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = keyStep(event.key, getComputedStyle(event.currentTarget).direction === 'rtl' ? 'rtl' : 'ltr')
    if (!step || count < 2) return
    event.preventDefault()
    goTo(step === 'first' ? 0 : step === 'last' ? count - 1 : step === 'next' ? index + 1 : index - 1)
  }
  const arrow =
    'grid size-9 place-items-center rounded-full border border-line bg-white text-ink hover:border-brand hover:text-brand disabled:cursor-default disabled:opacity-40 disabled:hover:border-line disabled:hover:text-ink'
  return (
    <section
      aria-label={m.home_banners_label()}
      aria-roledescription={m.home_banners_carousel()}
      onKeyDown={onKeyDown}
      className="mx-auto max-w-content px-0 sm:px-4 sm:pt-4"
    >
      <ul ref={strip} className="scrollbar-none flex snap-x snap-mandatory overflow-x-auto sm:gap-4 sm:rounded-2xl">
        {banners.map((banner, index) => (
          <li
            key={banner.id}
            className="relative w-full shrink-0 snap-center overflow-hidden sm:rounded-2xl"
            aria-roledescription="slide"
            aria-label={m.home_banner_slide({ index: index + 1, count: banners.length })}
          >
            <picture>
              <source media="(min-width: 48rem)" srcSet={banner.image_desktop} width={1600} height={480} />
              <img
                src={banner.image_mobile}
                alt=""
                width={800}
                height={600}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                className="aspect-[4/3] w-full object-cover md:aspect-[10/3]"
              />
            </picture>
            <img
              src={banner.image_product}
              alt=""
              width={400}
              height={400}
              loading={index === 0 ? 'eager' : 'lazy'}
              className="absolute inset-y-0 end-[6%] my-auto hidden h-[85%] w-auto md:block"
            />
            <div className="absolute inset-0 flex flex-col items-start justify-center gap-3 p-6 text-white md:p-12 lg:p-16">
              <h2 className="max-w-lg text-2xl leading-tight font-extrabold md:text-4xl lg:text-5xl">{banner.title}</h2>
              <p className="max-w-md text-base opacity-95 md:text-xl">{banner.subtitle}</p>
              <Link to={banner.href} className="mt-2 rounded-full bg-accent px-6 py-3 font-bold text-accent-ink shadow hover:opacity-90">
                {banner.cta}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      {count > 1 && (
        <div className="mt-2 flex items-center justify-center gap-1 sm:mt-3">
          <button type="button" aria-label={m.home_banner_previous()} disabled={index === 0} onClick={() => goTo(index - 1)} className={arrow}>
            <Icon name="chevron-left" className="size-5 rtl:-scale-x-100" />
          </button>
          {banners.map((banner, slide) => (
            <button
              key={banner.id}
              type="button"
              aria-label={m.home_banner_show({ index: slide + 1, count })}
              aria-current={slide === index ? 'true' : undefined}
              onClick={() => goTo(slide)}
              className="group grid h-9 min-w-6 place-items-center"
            >
              <span
                aria-hidden="true"
                className="block h-2 w-2 rounded-full bg-line transition-all group-aria-[current=true]:w-6 group-aria-[current=true]:bg-brand"
              />
            </button>
          ))}
          <button type="button" aria-label={m.home_banner_next()} disabled={index === count - 1} onClick={() => goTo(index + 1)} className={arrow}>
            <Icon name="chevron-right" className="size-5 rtl:-scale-x-100" />
          </button>
        </div>
      )}
    </section>
  )
}
