/** The home banners: a swipeable strip (CSS scroll snap, no script), desktop and mobile art per banner. */
import { Link } from '@tanstack/react-router'
import { m } from '../../paraglide/messages.js'
import type { HomeBanner } from '../../domain/content'

export function HeroBanners({ banners }: { banners: HomeBanner[] }) {
  return (
    <section aria-label={m.home_banners_label()} className="mx-auto max-w-content px-0 sm:px-4 sm:pt-4">
      <ul className="scrollbar-none flex snap-x snap-mandatory overflow-x-auto sm:gap-4 sm:rounded-2xl">
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
    </section>
  )
}
