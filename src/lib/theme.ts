/** Site modes (docs/product.md, "Who uses it"): the extreme and national-day flags change only the colour theme. */
interface SiteTheme {
  extreme: boolean
  nationalDay: boolean
}

/** The value of <html data-theme>, which the stylesheet maps to colour variables only. */
export function themeAttribute(theme: SiteTheme | undefined): string | undefined {
  if (!theme) return undefined
  const names = [theme.extreme && 'extreme', theme.nationalDay && 'national-day'].filter(Boolean)
  return names.length > 0 ? names.join(' ') : undefined
}
