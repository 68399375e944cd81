/** The store's icon, one picture for pages, the embedded payment pages and /favicon.ico (worker/seo/app.ts). */
export const faviconDataUri =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%23ffb400'/%3E%3Cpath d='M9 12h14l-1.2 12.5a2 2 0 0 1-2 1.5h-7.6a2 2 0 0 1-2-1.5z' fill='%230b4f9c'/%3E%3C/svg%3E"

/** The icon as an SVG document, for a request of /favicon.ico. */
export const faviconSvg = /* @__PURE__ */ decodeURIComponent(faviconDataUri.slice('data:image/svg+xml,'.length))
