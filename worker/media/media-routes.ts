/** /media/*: product and banner pictures drawn on the Worker (no remote image anywhere). */
import { Hono } from 'hono'
import { onApiError, onNotFound } from '../api/errors'
import { bannerSvg, imageKinds, productSvg } from './illustrations'
import type { ImageKind } from '../../src/domain/catalogue'

const svgHeaders = {
  'content-type': 'image/svg+xml; charset=utf-8',
  // Pictures are a pure function of their URL.
  'cache-control': 'public, max-age=31536000, immutable',
}

const productFile = new RegExp(`^(${imageKinds.join('|')})-(\\d{1,3})-([0-2])(-cutout)?\\.svg$`)
const bannerFile = /^([a-z0-9-]{1,60})-(desktop|mobile)\.svg$/
const popupFile = /^popup-(ar|en)\.svg$/

export const mediaApp = new Hono()
  .basePath('/media')
  .get('/product/:file', (c) => {
    const match = productFile.exec(c.req.param('file'))
    if (!match || Number(match[2]) > 359) return onNotFound(c)
    return c.body(productSvg(match[1] as ImageKind, Number(match[2]), Number(match[3]), Boolean(match[4])), 200, svgHeaders)
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
