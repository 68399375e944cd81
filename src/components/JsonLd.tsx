/**
 * Structured data for search engines, written by the server only. Crawlers read the server's HTML;
 * in the browser React keeps the server's script as it is (its text is never hydrated), so the
 * builders stay out of the browser's JavaScript (callers compute `text` under import.meta.env.SSR).
 * A data block is never executed, so the CSP does not apply to it.
 */
export function JsonLd({ text }: { text: string }) {
  // eslint-disable-next-line @eslint-react/dom-no-dangerously-set-innerhtml -- a data block, and jsonLdText escapes every '<'
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />
}
