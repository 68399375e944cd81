// A local stand-in for Cloudflare's edge compression: vite preview (workerd) sends HTML, JS, CSS and
// SVG uncompressed, while the edge sends them brotli- or gzip-compressed to browsers that accept it.
// Lighthouse measures through this proxy so its page weights are the ones shoppers download.
import { createServer, request, type Server } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const compressible = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/

export function startEdgeCompression(target: string, port: number): Promise<{ base: string; server: Server }> {
  const upstream = new URL(target)
  const server = createServer((incoming, outgoing) => {
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
          const accepts = String(incoming.headers['accept-encoding'] ?? '')
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
