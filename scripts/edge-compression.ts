// A local stand-in for Cloudflare's edge compression: vite preview (workerd) sends HTML, JS, CSS and
// SVG uncompressed, while the edge sends them brotli- or gzip-compressed to browsers that accept it.
// Lighthouse measures through this proxy so its page weights are the ones shoppers download.
// Like the edge, it also keeps the files the build marks immutable (hashed scripts, product pictures) and answers them
// from memory: through vite preview each one crossed Node, workerd and back, and under a page load's burst of ~50
// such requests on two cores the median answer took ~96 ms, which Lighthouse's simulation then charged to every
// request on the page's critical path (docs/architecture.md, "Paint first").
import { createServer, request, type Server } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const compressible = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/

export function startEdgeCompression(target: string, port: number): Promise<{ base: string; server: Server }> {
  const upstream = new URL(target)
  const kept = new Map<string, { status: number; headers: Record<string, unknown>; body: Buffer }>()
  const server = createServer((incoming, outgoing) => {
    const accepts = String(incoming.headers['accept-encoding'] ?? '')
    const key = `${accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : 'identity'} ${incoming.url}`
    const hit = incoming.method === 'GET' ? kept.get(key) : undefined
    if (hit) {
      outgoing.writeHead(hit.status, hit.headers as Record<string, string>)
      outgoing.end(hit.body)
      return
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          let body = Buffer.concat(chunks)
          const headers = { ...answer.headers }
          if (compressible.test(String(headers['content-type'] ?? '')) && body.length > 1024) {
            if (accepts.includes('br')) {
              body = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
              headers['content-encoding'] = 'br'
            } else if (accepts.includes('gzip')) {
              body = gzipSync(body)
              headers['content-encoding'] = 'gzip'
            }
            headers['content-length'] = String(body.length)
            delete headers['transfer-encoding']
          }
          if (incoming.method === 'GET' && answer.statusCode === 200 && String(headers['cache-control']).includes('immutable'))
            kept.set(key, { status: 200, headers, body })
          outgoing.writeHead(answer.statusCode ?? 502, headers)
          outgoing.end(body)
        })
      },
    )
    forward.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(forward)
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ base: `http://127.0.0.1:${port}`, server })))
}
