/** /media/*: product and banner pictures drawn on the Worker (no remote image anywhere), and the social previews. */
import { Hono } from 'hono'
import { onApiError, onNotFound } from '../api/errors'
import { bannerSvg, type Drawing, isFinish, productSvg } from './illustrations'
import { drawingStyles, imageKinds, isDrawingStyle } from './drawing-styles'
import { productSocialCard, storeSocialCard } from './social-card'
import type { ImageKind } from '../../src/domain/catalogue'

// Pictures are a pure function of their URL.
const immutable = 'public, max-age=31536000, immutable'
const svgHeaders = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': immutable }
const pngHeaders = { 'content-type': 'image/png', 'cache-control': immutable }

const kinds = imageKinds.join('|')
/** kind-style-finish-view: a line's drawing in its colour (docs/product.md, "Demo catalogue and pictures"). */
const drawingFile = new RegExp(`^(${kinds})-([a-z0-9]{1,12})-([a-z]{1,12})-([0-2])(-cutout)?\\.svg$`)
/** kind-hue-view: the older address an import's `drawing` still gives (docs/catalogue-import.md, "Pictures"). */
const hueFile = new RegExp(`^(${kinds})-(\\d{1,3})-([0-2])(-cutout)?\\.svg$`)
const socialFile = new RegExp(`^(${kinds})-(?:([a-z0-9]{1,12})-([a-z]{1,12})|(\\d{1,3}))\\.png$`)
const bannerFile = /^([a-z0-9-]{1,60})-(desktop|mobile)\.svg$/
const popupFile = /^popup-(ar|en)\.svg$/

/** The drawing an address names, or null when it names none this store draws (a 404, never a guess). */
function drawingOf(kind: string, style: string | undefined, finish: string | undefined, hue: string | undefined, view: number): Drawing | null {
  const k = kind as ImageKind
  if (hue !== undefined) return Number(hue) > 359 ? null : { kind: k, style: drawingStyles[k][0]!, colour: Number(hue), view }
  if (!style || !finish || !isDrawingStyle(k, style) || !isFinish(finish)) return null
  return { kind: k, style, colour: finish, view }
}

export const mediaApp = new Hono()
  .basePath('/media')
  .get('/product/:file', (c) => {
    const file = c.req.param('file')
    const named = drawingFile.exec(file)
    const hued = named ? null : hueFile.exec(file)
    const drawing = named
      ? drawingOf(named[1]!, named[2], named[3], undefined, Number(named[4]))
      : hued && drawingOf(hued[1]!, undefined, undefined, hued[2], Number(hued[3]))
    if (!drawing) return onNotFound(c)
    return c.body(productSvg(drawing, Boolean((named ?? hued)![named ? 5 : 4])), 200, svgHeaders)
  })
  .get('/og/:file', async (c) => {
    const file = c.req.param('file')
    if (file === 'store.png') return c.body(await storeSocialCard(), 200, pngHeaders)
    const match = socialFile.exec(file)
    const drawing = match && drawingOf(match[1]!, match[2], match[3], match[4], 0)
    if (!drawing) return onNotFound(c)
    return c.body(await productSocialCard(drawing), 200, pngHeaders)
  })
  .get('/banner/:file', (c) => {
    const file = c.req.param('file')
    const popup = popupFile.exec(file)
    if (popup) return c.body(bannerSvg(`popup-${popup[1]}`, 'mobile'), 200, svgHeaders)
    const match = bannerFile.exec(file)
    if (!match) return onNotFound(c)
    return c.body(bannerSvg(match[1]!, match[2] as 'desktop' | 'mobile'), 200, svgHeaders)
  })

mediaApp.onError(onApiError)
mediaApp.notFound(onNotFound)
