// The V8 heap of the locally served Worker's isolate, read through the inspector that vite preview opens for it
// (Chrome DevTools Protocol over a WebSocket), for npm run load's soak. workerd's resident memory also holds the local
// D1's SQLite pages, the runtime's own buffers and every isolate; the isolate's heap after a full collection is what the
// store's own code keeps alive (docs/architecture.md, "Load and soak").
//
// workerd's inspector answers HeapProfiler.takeHeapSnapshot (which collects all garbage first) but not
// HeapProfiler.collectGarbage, so the heap is read after a snapshot, and the snapshot tells what the heap holds.
import WebSocket from 'ws'

export interface IsolateHeap {
  /** What the isolate's heap holds after a full garbage collection, in MB. */
  usedMb: number
  /** Self size and count of the heap's objects by kind and constructor ("object Map", "string", "closure fetch"). */
  byConstructor: Map<string, { count: number; bytes: number }>
}

/** The inspector's address for the Worker, as the preview server's debug page names it (`ws=localhost:9229/matjar`). */
async function inspectorUrl(base: string): Promise<string> {
  const page = await (await fetch(`${base}/__debug`)).text()
  const found = /ws=([^&"\\]+)/.exec(page)
  if (!found) throw new Error(`${base}/__debug names no inspector`)
  return `ws://${decodeURIComponent(found[1]!).replace(/^localhost/, '127.0.0.1')}`
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
  nodes: number[]
  strings: string[]
}

function summarise(snapshot: HeapSnapshot): Map<string, { count: number; bytes: number }> {
  const fields = snapshot.snapshot.meta.node_fields
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number]
  const types = snapshot.snapshot.meta.node_types[0]
  const kinds = new Map<string, { count: number; bytes: number }>()
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]!]!
    // Strings and numbers are named by their value: counted by their type alone.
    const key = type === 'object' || type === 'closure' ? `${type} ${snapshot.strings[snapshot.nodes[i + nameAt]!]}` : type
    const kind = kinds.get(key) ?? { count: 0, bytes: 0 }
    kind.count += 1
    kind.bytes += snapshot.nodes[i + sizeAt]!
    kinds.set(key, kind)
  }
  return kinds
}

const callTimeoutMs = 120_000

/** Takes a heap snapshot of the isolate (a full collection first), then reads the heap's size. */
export async function isolateHeap(base: string): Promise<IsolateHeap> {
  const socket = new WebSocket(await inspectorUrl(base), { maxPayload: 256 * 1024 * 1024, handshakeTimeout: 10_000 })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const chunks: string[] = []
  const answers = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>()
  socket.on('message', (data) => {
    const message = JSON.parse(String(data as Buffer)) as {
      id?: number
      method?: string
      params?: { chunk: string }
      result?: unknown
      error?: { message: string }
    }
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(message.params!.chunk)
    else if (message.id !== undefined) answers.get(message.id)?.(message)
  })
  let nextId = 0
  // A snapshot of a heap of a few hundred MB takes seconds; an inspector that never answers fails the reading instead.
  const call = <T>(method: string, params: object = {}): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = ++nextId
      const timer = setTimeout(() => reject(new Error(`${method}: no answer from the inspector in ${callTimeoutMs / 1000} s`)), callTimeoutMs)
      answers.set(id, (message) => {
        clearTimeout(timer)
        if (message.error) reject(new Error(`${method}: ${message.error.message}`))
        else resolve(message.result as T)
      })
      socket.send(JSON.stringify({ id, method, params }))
    })
  try {
    // Answered once every chunk has been sent.
    await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
    const { usedSize } = await call<{ usedSize: number }>('Runtime.getHeapUsage')
    return { usedMb: usedSize / 1024 / 1024, byConstructor: summarise(JSON.parse(chunks.join('')) as HeapSnapshot) }
  } finally {
    socket.close()
  }
}

/** The kinds of object that grew most between two readings of the heap, largest growth first. */
export function heapGrowth(before: IsolateHeap, after: IsolateHeap, top = 8): string[] {
  return [...after.byConstructor]
    .map(([kind, now]) => {
      const then = before.byConstructor.get(kind) ?? { count: 0, bytes: 0 }
      return { kind, bytes: now.bytes - then.bytes, count: now.count - then.count }
    })
    .filter((k) => k.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top)
    .map((k) => `${k.kind}: ${k.count >= 0 ? '+' : ''}${k.count} objects, +${(k.bytes / 1024).toFixed(0)} KB`)
}
