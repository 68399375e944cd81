/**
 * Pages paint before their JavaScript loads and runs. Start preloads the client entry (src/client.tsx
 * with React, ~68 KB) and the route's chunks in the head, and runs the entry as an async module script:
 * on a fast connection it runs before the first paint, on a slow one the downloads take the bandwidth
 * the first paint and the largest picture need. Here the preloads leave the head and the entry's
 * script goes; just after the first paint the route's chunks are preloaded again (all at once, so
 * nothing waits on the entry to ask for them) and the entry is imported. A button tapped before the
 * page is interactive is tapped again once it is (src/domain/early-tap.ts).
 */
import { rememberEarlyTaps } from '../../src/domain/early-tap'

/** The client entry's file name (src/client.tsx builds to assets/index-<hash>.js; a test checks it). */
const entryPrefix = '/assets/index-'

export function paintBeforeScripts(response: Response): Response {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response
  // The head's preloads come before the entry's script (body end), so they are known when it is rewritten.
  const preloads: string[] = []
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        const href = link.getAttribute('href')
        if (href && !href.startsWith(entryPrefix)) preloads.push(href)
        link.remove()
      },
    })
    .on(`script[type="module"][async][src^="${entryPrefix}"]`, {
      element(script) {
        const src = script.getAttribute('src')!
        script.removeAttribute('src')
        script.removeAttribute('async')
        script.setInnerContent(afterFirstPaint(src, preloads, script.getAttribute('nonce') ?? ''), { html: true })
      },
    })
    .transform(response)
}

/** requestAnimationFrame runs just before the next paint; the timeout, once that paint is done. */
function afterFirstPaint(entry: string, preloads: string[], nonce: string): string {
  const links = `for(const href of ${JSON.stringify(preloads)})document.head.append(Object.assign(document.createElement('link'),{rel:'modulepreload',href,nonce:${JSON.stringify(nonce)}}));`
  return `${rememberEarlyTaps}requestAnimationFrame(()=>setTimeout(()=>{${links}import(${JSON.stringify(entry)})}))`
}
