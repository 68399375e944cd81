/**
 * The footer's payment marks drawn as the real marks (docs/product.md, "Footer"): Visa and Apple Pay from Simple Icons
 * (simple-icons, CC0, their makers' shapes and colours), the rest drawn here after their makers' marks: Mastercard's
 * two circles, mada's two bars over its names, STC Pay's purple, Tabby's mint and Tamara's pastel. Each is a picture
 * with the method's name as its accessible name; only cash on delivery, which has no mark, is a word.
 */
import { siApplepay, siVisa } from 'simple-icons'
import { m } from '../../paraglide/messages.js'

const card = 'block h-8 w-[3.25rem] rounded-md bg-white ring-1 ring-slate-200'

/** A mark on its white card: the picture fills a 52 x 32 box. */
function Mark({ label, children, viewBox = '0 0 52 32' }: { label: string; children: React.ReactNode; viewBox?: string }) {
  return (
    <svg role="img" aria-label={label} viewBox={viewBox} className={card}>
      <title>{label}</title>
      {children}
    </svg>
  )
}

/** A Simple Icons glyph (24 x 24), centred in the card at the height it needs. */
function IconMark({ label, path, colour, height }: { label: string; path: string; colour: string; height: number }) {
  const scale = height / 24
  return (
    <Mark label={label}>
      <path d={path} fill={colour} transform={`translate(${26 - 12 * scale} ${16 - 12 * scale}) scale(${scale})`} />
    </Mark>
  )
}

const wordmark = { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif', fontWeight: 800 } as const

const marks: Record<string, () => React.ReactNode> = {
  visa: () => <IconMark label="Visa" path={siVisa.path} colour={`#${siVisa.hex}`} height={40} />,
  mastercard: () => (
    <Mark label="Mastercard">
      <circle cx="20" cy="16" r="10" fill="#EB001B" />
      <circle cx="32" cy="16" r="10" fill="#F79E1B" />
      <path d="M26 8a10 10 0 0 1 0 16a10 10 0 0 1 0-16z" fill="#FF5F00" />
    </Mark>
  ),
  applepay: () => <IconMark label="Apple Pay" path={siApplepay.path} colour={`#${siApplepay.hex}`} height={34} />,
  mada: () => (
    <Mark label="mada">
      <rect x="4" y="10" width="13" height="5" fill="#259BD6" />
      <rect x="4" y="17" width="13" height="5" fill="#84B740" />
      <text x="34" y="14" fontSize="7" fill="#1f2937" textAnchor="middle" style={wordmark}>
        مدى
      </text>
      <text x="34" y="23.5" fontSize="9" fill="#1f2937" textAnchor="middle" textLength="27" lengthAdjust="spacingAndGlyphs" style={wordmark}>
        mada
      </text>
    </Mark>
  ),
  stcpay: () => (
    <Mark label="STC Pay">
      <rect x="3" y="5" width="46" height="22" rx="4" fill="#4F008C" />
      <text x="26" y="20.5" fontSize="11" fill="#ffffff" textAnchor="middle" textLength="38" lengthAdjust="spacingAndGlyphs" style={wordmark}>
        stc pay
      </text>
    </Mark>
  ),
  tabby: () => (
    <Mark label="Tabby">
      <rect x="3" y="5" width="46" height="22" rx="5" fill="#3BFFC1" />
      <text x="26" y="20.5" fontSize="12" fill="#000000" textAnchor="middle" textLength="34" lengthAdjust="spacingAndGlyphs" style={wordmark}>
        tabby
      </text>
    </Mark>
  ),
  tamara: () => (
    <Mark label="Tamara">
      <defs>
        <linearGradient id="tamara-mark" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#FBD5B5" />
          <stop offset="0.5" stopColor="#F3BFD8" />
          <stop offset="1" stopColor="#C9C4F6" />
        </linearGradient>
      </defs>
      <rect x="3" y="5" width="46" height="22" rx="11" fill="url(#tamara-mark)" />
      <text x="26" y="20.5" fontSize="11" fill="#000000" textAnchor="middle" textLength="38" lengthAdjust="spacingAndGlyphs" style={wordmark}>
        tamara
      </text>
    </Mark>
  ),
}

/** One payment method's mark; cash on delivery in the page's language, as it has no mark. */
export function PaymentMark({ method }: { method: string }) {
  const mark = marks[method]
  if (mark) return mark()
  if (method === 'cod')
    return (
      <span className="flex h-8 items-center rounded-md bg-white px-2 text-[0.7rem] font-bold text-slate-800">{m.checkout_pay_cashondelivery()}</span>
    )
  return null
}
