/**
 * Pages paint before their JavaScript loads and runs. Start preloads the client entry (the ~140 KB
 * framework chunk) in the head and runs it as an async module script: on a fast connection it runs
 * before the first paint, on a slow one it takes the bandwidth the largest picture needs. Here the
 * entry's preload goes and the entry is imported just after the first paint; the page's own small
 * chunks keep their preloads, so they are in cache when the entry asks for them.
 */
/** The client entry's file name (Start's default client entry builds to assets/index-<hash>.js; a test checks it). */
const entryPrefix = '/assets/index-'

export function paintBeforeScripts(response: Response): Response {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response
  return new HTMLRewriter()
    .on(`link[rel="modulepreload"][href^="${entryPrefix}"]`, {
      element(link) {
        link.remove()
      },
    })
    .on(`script[type="module"][async][src^="${entryPrefix}"]`, {
      element(script) {
        const src = script.getAttribute('src')!
        script.removeAttribute('src')
        script.removeAttribute('async')
        // requestAnimationFrame runs just before the next paint; the timeout, once that paint is done.
        script.setInnerContent(`requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(src)})))`, { html: true })
      },
    })
    .transform(response)
}
