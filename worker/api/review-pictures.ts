/**
 * A buyer's pictures with a review (docs/decisions/0034-reviews.md, "Pictures"):
 *
 * - the upload's checks: at most `serverLimits.reviews.pictures.max` files of at most `maxBytes` each, JPEG, PNG or
 *   WebP by their first bytes (never the name or the declared type), stripped of their metadata before they are stored
 *   (worker/media/picture-metadata.ts); every check runs before anything is stored
 * - GET /api/reviews/pictures/{name}: a picture whose review is approved; a missing one and one whose review is not
 *   approved get the same 404, so an address says nothing about a review waiting or rejected
 */
import { serverLimits } from '../../config/server-limits'
import { cleanPicture, type CleanPicture } from '../media/picture-metadata'
import { keyOfName, pictureName, reviewPictureStore } from '../storage/review-picture-store'
import { ApiError } from './errors'

const limits = serverLimits.reviews.pictures

/** The files of a review post, checked and cleaned; the first refusal throws and nothing has been stored. */
export async function uploadedPictures(values: unknown[]): Promise<CleanPicture[]> {
  const files = values.filter((value) => value !== '')
  if (files.some((value) => !(value instanceof File))) throw new ApiError(400, 'bad_request', ['pictures: files'])
  if (files.length > limits.max) throw new ApiError(400, 'review_pictures_too_many')
  if ((files as File[]).some((file) => file.size > limits.maxBytes)) throw new ApiError(413, 'review_picture_too_large')
  const cleaned: CleanPicture[] = []
  for (const file of files as File[]) {
    const picture = cleanPicture(new Uint8Array(await file.arrayBuffer()))
    if (!picture) throw new ApiError(415, 'review_picture_type')
    cleaned.push(picture)
  }
  return cleaned
}

/** Headers of a served picture: never sniffed, never a page, its own type from the row. */
function pictureHeaders(contentType: string, name: string, cacheControl: string): HeadersInit {
  return {
    'content-type': contentType,
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    // Inline so a tap opens it; the name's extension is the stored type's, and a picture opened alone runs nothing.
    'content-disposition': `inline; filename="${name}"`,
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-origin',
  }
}

/**
 * The picture named, from R2. The shop's copy (`anyStatus` false) only while its review is approved, cached for good
 * (a key is never reused); the console's whatever the status, kept private.
 */
export async function servePicture(env: Env, name: string, options: { anyStatus: boolean }): Promise<Response> {
  // A name that could not be a picture's gets the same 404 as a missing one.
  const row = pictureName.test(name) ? await reviewPictureStore(env.DB).servable(keyOfName(name), options.anyStatus) : null
  const object = row && (await env.REVIEW_PICTURES.get(row.key))
  if (!row || !object) throw new ApiError(404, 'not_found')
  const cache = options.anyStatus ? 'private, no-store' : 'public, max-age=31536000, immutable'
  return new Response(object.body, { headers: pictureHeaders(row.content_type, name, cache) })
}
