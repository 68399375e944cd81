/**
 * The installable app's files in the client build (docs/decisions/0037-app-on-the-home-screen.md), served as static
 * assets before the Worker runs:
 * - /sw.js, the service worker (src/sw/service-worker.ts), bundled on its own as a classic script: a service worker
 *   cannot share the pages' chunks;
 * - /manifest.webmanifest (Arabic, right to left) and /en/manifest.webmanifest, named from messages/;
 * - /offline.html and /en/offline.html, the page the service worker shows for a page it has not kept: whole in
 *   themselves (no script, styles inline), so they show with nothing else kept.
 * The icons are in public/icons/ (scripts/app-icons.ts draws them from public/icons/app-icon.svg).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'
import type { Plugin } from 'vite'
import type { Locale } from '../app.config.ts'
import { manifestOf, manifestPathOf, offlineNoticeOf, offlinePage, type Words } from '../src/domain/app-manifest.ts'

function wordsOf(locale: Locale): Words {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../messages/${locale}.json`, import.meta.url)), 'utf8')) as Words
}

export function appShell(): Plugin {
  return {
    name: 'matjar:app-shell',
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle() {
      for (const locale of ['ar', 'en'] as const) {
        const words = wordsOf(locale)
        const prefix = locale === 'ar' ? '' : 'en/'
        this.emitFile({ type: 'asset', fileName: manifestPathOf(locale).slice(1), source: JSON.stringify(manifestOf(locale, words)) })
        this.emitFile({ type: 'asset', fileName: `${prefix}offline.html`, source: offlinePage(locale, words) })
      }
      const bundle = await build({
        input: fileURLToPath(new URL('../src/sw/service-worker.ts', import.meta.url)),
        write: false,
        output: { format: 'iife', minify: true },
        transform: { define: { offlineNotice: JSON.stringify({ ar: offlineNoticeOf(wordsOf('ar')), en: offlineNoticeOf(wordsOf('en')) }) } },
      })
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: bundle.output[0].code })
    },
  }
}
