// First-load JavaScript of a page: gzip -9 of every script and preload its HTML names (in the head or after the first paint).
// Used by the bench; on its own: tsx scripts/first-load-js.ts [baseUrl] [path ...] (the store must run).
import { gzipSync } from 'node:zlib'

const browserHeaders = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36' }

export async function firstLoadJsGzip(base: string, path: string): Promise<{ files: number; bytes: number }> {
  const html = await (await fetch(base + path, { headers: browserHeaders })).text()
  const urls = new Set<string>()
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]!)
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]!)
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1]!)
  // The route's chunks, preloaded just after the first paint (worker/http/paint-first.ts).
  for (const m of html.matchAll(/for\(const href of (\[[^\]]*\])\)/g)) for (const url of JSON.parse(m[1]!) as string[]) urls.add(url)
  let bytes = 0
  for (const url of urls) bytes += gzipSync(Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer()), { level: 9 }).length
  return { files: urls.size, bytes }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://localhost:8787', ...paths] = process.argv.slice(2)
  for (const path of paths.length > 0 ? paths : ['/', '/laptops']) {
    const js = await firstLoadJsGzip(base, path)
    console.log(`${path.padEnd(60)} ${(js.bytes / 1024).toFixed(1).padStart(7)} KB (${js.bytes} B) in ${js.files} files`)
  }
}
