/**
 * What stands in front of TanStack Start's server-function endpoint (`/_serverFn/<id>`), as `bodyLimit` stands in
 * front of the Hono apps (docs/decisions/0007-money-rules-that-cannot-be-gamed.md): Start parses any body size (a
 * 10 MB body took 323 ms) and answers a malformed call (bad JSON, deep nesting, `null`, an unknown id) with a 500.
 * Here a body over the limit is refused before it is read, a body that cannot be a call is refused before Start sees
 * it, and Start's own refusals of a call (an unknown id, a payload that is not Start's serialisation) become the
 * 404 and 400 they are. A failure inside a server function stays a 500 and is logged.
 */
import { serverLimits } from '../../config/server-limits'

export const serverFnPrefix = '/_serverFn/'

/** Nesting deeper than this is no payload the store's pages send (theirs are a few levels deep). */
const maxDepth = 64

const refusal = (status: 400 | 404 | 405 | 413, message: string, headers?: HeadersInit) =>
  Response.json({ error: { status, message } }, { status, headers })

/** The body as text, or null when it is larger than `limit` bytes (counted as it arrives, so a lying length stops too). */
async function readBounded(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) {
    await request.body?.cancel()
    return null
  }
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/** How deeply brackets nest in JSON text, strings skipped; counted without recursion. */
function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // a backslash escapes the next character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth)
    else if (c === 125 || c === 93) depth--
  }
  return deepest
}

/** Whether the text is what Start sends: a JSON object, not too deep. */
function isCallPayload(text: string): boolean {
  if (jsonDepth(text) > maxDepth) return false
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
  } catch {
    return false
  }
}

/** Start's message for a call it refused before running the function (its serialised error), else null. */
async function startRefusal(response: Response): Promise<400 | 404 | null> {
  const text = await response.clone().text()
  if (text.includes('Server function info not found')) return 404
  if (text.includes('Seroval Error')) return 400
  return null
}

/**
 * Runs a server-function request through `handle` (Start) once it is known to be a well-formed call. The request
 * passed on carries the body already read, so Start reads at most `maxBodyBytes`.
 */
export async function guardServerFn(request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  const url = new URL(request.url)
  const id = url.pathname.slice(serverFnPrefix.length)
  if (!/^[A-Za-z0-9_=-]{1,512}$/.test(id)) return refusal(404, 'No such server function')
  // Server functions are called by GET or POST only; a HEAD, a PUT or an OPTIONS used to reach Start and fail (issue 43's fuzz pass).
  if (request.method !== 'GET' && request.method !== 'POST') return refusal(405, 'Server functions take GET or POST', { allow: 'GET, POST' })
  let forwarded = request
  if (request.method === 'GET') {
    const payload = url.searchParams.get('payload')
    if (payload !== null && (payload.length > serverLimits.anonymousWrites.maxBodyBytes || !isCallPayload(payload))) {
      return refusal(400, 'Malformed server function call')
    }
  } else {
    const body = await readBounded(request, serverLimits.anonymousWrites.maxBodyBytes)
    if (body === null) return refusal(413, `The body is over ${serverLimits.anonymousWrites.maxBodyBytes} bytes`)
    const json = request.headers.get('content-type')?.includes('application/json') ?? false
    if (json && !isCallPayload(body)) return refusal(400, 'Malformed server function call')
    forwarded = new Request(request, { body })
  }
  const response = await handle(forwarded)
  if (response.status !== 500) return response
  const status = await startRefusal(response)
  if (status === null) return response
  await response.body?.cancel()
  return refusal(status, status === 404 ? 'No such server function' : 'Malformed server function call')
}
