/**
 * The product's pictures: one large picture (the page's largest, loaded first) and a row of
 * thumbnails that choose it. Every box has its size before its picture arrives: nothing shifts.
 */
import { useState } from 'react'
import { m } from '../../paraglide/messages.js'
import { ProductPicture } from '../product/ProductPicture'

export function ProductGallery({ images, name, drawing }: { images: string[]; name: string; drawing?: string }) {
  const [shown, setShown] = useState(0)
  return (
    <div className="grid gap-3">
      <ProductPicture
        src={images[shown]}
        drawing={drawing}
        sizes="(min-width: 48rem) 50vw, 100vw"
        alt={name}
        width={600}
        height={600}
        fetchPriority="high"
        decoding="async"
        className="aspect-square w-full rounded-2xl bg-white object-contain"
      />
      {images.length > 1 && (
        <ul className="grid grid-cols-5 gap-2" aria-label={m.product_gallery_label()}>
          {images.map((src, index) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setShown(index)}
                aria-label={m.product_gallery_picture({ number: index + 1, count: images.length })}
                aria-pressed={index === shown}
                className={`block w-full overflow-hidden rounded-lg border-2 bg-white ${index === shown ? 'border-brand' : 'border-transparent hover:border-line'}`}
              >
                <ProductPicture
                  src={src}
                  drawing={drawing}
                  widths={[120, 240]}
                  sizes="120px"
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
