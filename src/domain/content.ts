/**
 * The store's editorial content: the home page (banners, highlights, rails, the campaign window, the
 * fast-delivery regions and the popup banner) and the footer, one copy per language.
 */

/** A static page's or blog post's address word: what /static/<slug> and /blogs/<slug> can name. */
export const contentSlug = /^[a-z0-9-]{1,80}$/

export interface HomeBanner {
  id: string
  title: string
  subtitle: string
  cta: string
  href: string
  image_desktop: string
  image_mobile: string
  /** A product picture shown beside the words on wide screens. */
  image_product: string
  theme: string
}

export interface HomeContent {
  'fast-delivery-region-ids': number[]
  'popup-banner': { 'img-en': string; 'img-ar': string; href: string; alt: string } | null
  banners: HomeBanner[]
  highlights: { url_key: string; image: string }[]
  rails: { id: string; title: string; category_url_key: string }[]
  campaign: { title: string; opens_at: string; closes_at: string } | null
}

export interface FooterContent {
  columns: { title: string; links: { label: string; href: string; external?: boolean }[] }[]
  contact: { phone: string; whatsapp: string; email: string; hours: string }
  social: { name: string; href: string }[]
  payment_methods: string[]
}
