/**
 * Every page starts with the icons' sprite (src/domain/icons.ts): one hidden <svg> of <symbol>s, about 2 KB compressed,
 * that each <Icon> uses. It is put in here, outside React, so the paths never travel in the JavaScript: React 19
 * hydrates <body> past an element it did not render.
 */
import { iconSymbols } from './icon-symbols'

const sprite = `<svg aria-hidden="true" focusable="false" width="0" height="0" style="position:absolute" data-icon-sprite>${iconSymbols}</svg>`

export function withIconSprite(response: Response): Response {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response
  return new HTMLRewriter()
    .on('body', {
      element(body) {
        body.prepend(sprite, { html: true })
      },
    })
    .transform(response)
}
