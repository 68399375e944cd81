/**
 * A product's picture through the image pipeline (src/domain/pictures.ts): a picture by URL gets one width per
 * breakpoint through the zone's transformations when the store has them, its own address otherwise; a picture that
 * fails to load, or that breaks the picture rule, gives way to the product's generated drawing
 * (docs/decisions/0018-catalogue-import.md, "Pictures"; docs/catalogue-import.md, "Pictures").
 */
import { useCallback, useState, type ImgHTMLAttributes } from 'react'
import { isDrawing, isPictureAddress, pictureSources, pictureWidths } from '../../domain/pictures'
import { useFrameData } from '../frame/frame-data'

/** The drawing of a product that has none of its own (worker/media/illustrations.ts, "box"). */
const parcel = '/media/product/box-parcel-beige-0.svg'

interface ProductPictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  src: string | undefined
  /** The product's generated drawing, shown when the picture fails. */
  drawing?: string
  /** The widths it may be shown at; with `sizes`, the browser picks one. */
  widths?: readonly number[]
}

export function ProductPicture({ src, drawing, widths = pictureWidths, sizes, ...img }: ProductPictureProps) {
  const delivery = useFrameData()?.pictures ?? 'direct'
  const [failed, setFailed] = useState(false)
  const fallback = drawing ?? parcel
  // An address the picture rule refuses is never requested (a cart line stored before the rule, a search hit).
  const shown = failed || !src || !isPictureAddress(src) ? fallback : src
  const sources = pictureSources(shown, delivery, widths)
  const fail = useCallback(() => {
    if (!isDrawing(shown)) setFailed(true)
  }, [shown])
  // A picture that failed before hydration fired its error before React listened: it is found broken here instead.
  const checkLoaded = useCallback(
    (element: HTMLImageElement | null) => {
      if (element?.complete && element.naturalWidth === 0 && element.currentSrc) fail()
    },
    [fail],
  )
  return <img {...img} ref={checkLoaded} src={sources.src} srcSet={sources.srcSet} sizes={sources.srcSet ? sizes : undefined} onError={fail} />
}
