import type { ImageKind } from '../../src/domain/catalogue'
/**
 * Product and banner pictures drawn as SVG on the Worker: the store ships no remote image and no
 * binary assets, and every product still has a recognisable picture of its kind and colour.
 */

const hsl = (h: number, s: number, l: number) => `hsl(${h} ${s}% ${l}%)`

/** The device drawn in a 400x400 box, in the product's hue. */
function device(kind: ImageKind, hue: number, view: number): string {
  const body = hsl(hue, 18, 22)
  const accent = hsl(hue, 70, 55)
  const light = hsl(hue, 60, 88)
  const screen = `<linearGradient id="s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 80, 62)}"/><stop offset="1" stop-color="${hsl((hue + 60) % 360, 75, 40)}"/></linearGradient>`
  const tilt = view === 1 ? 'rotate(-8 200 200)' : view === 2 ? 'rotate(6 200 200)' : ''
  const shapes: Record<ImageKind, string> = {
    phone: `<rect x="135" y="60" width="130" height="280" rx="26" fill="${body}"/><rect x="145" y="72" width="110" height="256" rx="18" fill="url(#s)"/><rect x="182" y="80" width="36" height="8" rx="4" fill="${body}"/>`,
    tablet: `<rect x="90" y="80" width="220" height="250" rx="22" fill="${body}"/><rect x="102" y="92" width="196" height="226" rx="12" fill="url(#s)"/>`,
    watch: `<rect x="170" y="60" width="60" height="280" rx="22" fill="${accent}"/><rect x="140" y="130" width="120" height="140" rx="34" fill="${body}"/><rect x="152" y="142" width="96" height="116" rx="26" fill="url(#s)"/>`,
    laptop: `<rect x="90" y="100" width="220" height="150" rx="10" fill="${body}"/><rect x="100" y="110" width="200" height="130" rx="4" fill="url(#s)"/><path d="M60 262h280l-20 24H80z" fill="${hsl(hue, 10, 70)}"/>`,
    monitor: `<rect x="70" y="90" width="260" height="170" rx="10" fill="${body}"/><rect x="80" y="100" width="240" height="150" rx="4" fill="url(#s)"/><rect x="185" y="260" width="30" height="40" fill="${body}"/><rect x="145" y="298" width="110" height="12" rx="6" fill="${body}"/>`,
    tv: `<rect x="50" y="95" width="300" height="185" rx="8" fill="${body}"/><rect x="58" y="103" width="284" height="169" rx="3" fill="url(#s)"/><path d="M120 280l-16 34M280 280l16 34" stroke="${body}" stroke-width="8" stroke-linecap="round"/>`,
    headphones: `<path d="M110 220v-30a90 90 0 0 1 180 0v30" fill="none" stroke="${body}" stroke-width="18"/><rect x="92" y="200" width="52" height="90" rx="22" fill="${accent}"/><rect x="256" y="200" width="52" height="90" rx="22" fill="${accent}"/>`,
    speaker: `<rect x="110" y="90" width="180" height="230" rx="40" fill="${body}"/><circle cx="200" cy="240" r="52" fill="${accent}"/><circle cx="200" cy="240" r="22" fill="${body}"/><circle cx="200" cy="140" r="22" fill="${light}"/>`,
    console: `<rect x="150" y="60" width="100" height="280" rx="30" fill="${light}"/><rect x="188" y="60" width="24" height="280" fill="${body}"/><rect x="120" y="320" width="160" height="14" rx="7" fill="${body}"/>`,
    controller: `<path d="M100 180q0-40 40-40h120q40 0 40 40l20 90q5 30-25 30-18 0-35-30h-100q-17 30-35 30-30 0-25-30z" fill="${light}" stroke="${body}" stroke-width="6"/><circle cx="150" cy="200" r="16" fill="${body}"/><circle cx="250" cy="200" r="16" fill="${accent}"/>`,
    camera: `<rect x="80" y="130" width="240" height="160" rx="20" fill="${body}"/><rect x="110" y="110" width="70" height="30" rx="8" fill="${body}"/><circle cx="210" cy="210" r="62" fill="${hsl(hue, 10, 35)}"/><circle cx="210" cy="210" r="42" fill="url(#s)"/>`,
    drone: `<rect x="160" y="170" width="80" height="60" rx="16" fill="${body}"/><path d="M160 180L100 130M240 180l60-50M160 220l-60 50M240 220l60 50" stroke="${body}" stroke-width="10"/><g fill="${accent}"><ellipse cx="100" cy="130" rx="46" ry="8"/><ellipse cx="300" cy="130" rx="46" ry="8"/><ellipse cx="100" cy="270" rx="46" ry="8"/><ellipse cx="300" cy="270" rx="46" ry="8"/></g>`,
    fridge: `<rect x="120" y="50" width="160" height="300" rx="14" fill="${hsl(hue, 8, 82)}" stroke="${body}" stroke-width="4"/><path d="M120 170h160M200 50v120" stroke="${body}" stroke-width="4"/><rect x="140" y="190" width="8" height="60" rx="4" fill="${body}"/>`,
    washer: `<rect x="110" y="70" width="180" height="260" rx="14" fill="${hsl(hue, 8, 92)}" stroke="${body}" stroke-width="4"/><circle cx="200" cy="220" r="70" fill="${body}"/><circle cx="200" cy="220" r="52" fill="url(#s)"/><rect x="130" y="90" width="60" height="16" rx="6" fill="${accent}"/>`,
    ac: `<rect x="60" y="140" width="280" height="100" rx="20" fill="${hsl(hue, 8, 95)}" stroke="${body}" stroke-width="4"/><path d="M80 215h240" stroke="${body}" stroke-width="4"/><path d="M120 260q10 20 0 40M200 260q10 20 0 40M280 260q10 20 0 40" stroke="${accent}" stroke-width="6" fill="none"/>`,
    oven: `<rect x="80" y="100" width="240" height="200" rx="14" fill="${body}"/><rect x="100" y="130" width="170" height="150" rx="8" fill="url(#s)"/><circle cx="295" cy="150" r="10" fill="${light}"/><circle cx="295" cy="190" r="10" fill="${light}"/>`,
    microwave: `<rect x="70" y="120" width="260" height="170" rx="14" fill="${body}"/><rect x="90" y="140" width="170" height="130" rx="8" fill="url(#s)"/><rect x="278" y="145" width="34" height="60" rx="6" fill="${light}"/>`,
    blender: `<path d="M150 80h100l-14 170h-72z" fill="${light}" stroke="${body}" stroke-width="5"/><rect x="140" y="250" width="120" height="80" rx="14" fill="${body}"/><circle cx="200" cy="290" r="14" fill="${accent}"/>`,
    coffee: `<rect x="120" y="70" width="160" height="260" rx="18" fill="${body}"/><rect x="150" y="100" width="100" height="40" rx="8" fill="${accent}"/><rect x="170" y="230" width="60" height="60" rx="8" fill="${light}"/><rect x="150" y="310" width="100" height="10" fill="${light}"/>`,
    airfryer: `<rect x="120" y="90" width="160" height="230" rx="50" fill="${body}"/><rect x="140" y="200" width="120" height="100" rx="24" fill="${hsl(hue, 10, 30)}"/><circle cx="200" cy="145" r="24" fill="${accent}"/>`,
    vacuum: `<rect x="190" y="60" width="20" height="220" rx="10" fill="${body}"/><rect x="170" y="110" width="60" height="110" rx="24" fill="${accent}"/><path d="M150 290h100l10 30H140z" fill="${body}"/>`,
    iron: `<path d="M90 260q20-120 170-120h40v120z" fill="${accent}"/><path d="M80 260h230v24H80z" fill="${body}"/><rect x="200" y="110" width="90" height="30" rx="14" fill="${body}"/>`,
    sofa: `<rect x="70" y="150" width="260" height="110" rx="26" fill="${accent}"/><rect x="50" y="190" width="60" height="100" rx="20" fill="${hsl(hue, 60, 45)}"/><rect x="290" y="190" width="60" height="100" rx="20" fill="${hsl(hue, 60, 45)}"/><rect x="100" y="230" width="200" height="50" rx="12" fill="${hsl(hue, 70, 65)}"/>`,
    lamp: `<path d="M140 90h120l30 90H110z" fill="${accent}"/><rect x="194" y="180" width="12" height="130" fill="${body}"/><rect x="150" y="305" width="100" height="16" rx="8" fill="${body}"/>`,
    bed: `<rect x="60" y="140" width="40" height="170" rx="8" fill="${body}"/><rect x="90" y="220" width="250" height="60" rx="10" fill="${light}"/><rect x="110" y="195" width="80" height="34" rx="14" fill="${accent}"/><rect x="90" y="280" width="250" height="20" fill="${body}"/>`,
    cookware: `<path d="M110 180h180v90q0 30-30 30H140q-30 0-30-30z" fill="${body}"/><rect x="100" y="165" width="200" height="20" rx="10" fill="${accent}"/><path d="M290 200h60" stroke="${body}" stroke-width="14" stroke-linecap="round"/>`,
    router: `<rect x="90" y="220" width="220" height="70" rx="16" fill="${body}"/><path d="M130 220V110M270 220V110M200 220V90" stroke="${body}" stroke-width="10" stroke-linecap="round"/><circle cx="140" cy="255" r="7" fill="${accent}"/><circle cx="165" cy="255" r="7" fill="${accent}"/>`,
    charger: `<rect x="140" y="120" width="120" height="160" rx="24" fill="${light}" stroke="${body}" stroke-width="5"/><path d="M180 120V80M220 120V80" stroke="${body}" stroke-width="10"/><path d="M205 160l-25 45h30l-15 40" stroke="${accent}" stroke-width="8" fill="none"/>`,
    // A parcel: the drawing of an imported product that names no kind (docs/catalogue-import.md).
    box: `<path d="M200 80l130 55v150l-130 55-130-55V135z" fill="${light}" stroke="${body}" stroke-width="6" stroke-linejoin="round"/><path d="M70 135l130 55 130-55M200 190v150" stroke="${body}" stroke-width="6" fill="none" stroke-linejoin="round"/><path d="M135 107l130 55v40" stroke="${accent}" stroke-width="14" fill="none"/>`,
  }
  return `<defs>${screen}</defs><g transform="${tilt}">${shapes[kind]}</g>`
}

export const imageKinds = [
  'phone',
  'tablet',
  'watch',
  'laptop',
  'monitor',
  'tv',
  'headphones',
  'speaker',
  'console',
  'controller',
  'camera',
  'drone',
  'fridge',
  'washer',
  'ac',
  'oven',
  'microwave',
  'blender',
  'coffee',
  'airfryer',
  'vacuum',
  'iron',
  'sofa',
  'lamp',
  'bed',
  'cookware',
  'router',
  'charger',
  'box',
] as const satisfies readonly ImageKind[]

/** A product picture; `cutout` leaves the background transparent for use over a banner. */
export function productSvg(kind: ImageKind, hue: number, view: number, cutout = false): string {
  const background = cutout ? '' : `<rect width="400" height="400" fill="${hsl(hue, 40, 97)}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">${background}${device(kind, hue, view)}</svg>`
}

const bannerThemes: Record<string, [number, number]> = {
  sunrise: [24, 340],
  oasis: [170, 200],
  night: [250, 290],
}

/** A decorative banner background; the words are HTML over it, so they are real text in both languages. */
export function bannerSvg(seed: string, shape: 'desktop' | 'mobile'): string {
  const [w, h] = shape === 'desktop' ? [1600, 480] : [800, 600]
  const themeName = Object.keys(bannerThemes).find((t) => seed.includes(t))
  let hash = 0
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const [a, b] = themeName ? bannerThemes[themeName]! : [hash % 360, (hash * 7) % 360]
  const circles = Array.from({ length: 6 }, (_, i) => {
    const cx = ((hash >> i) % 100) / 100
    return `<circle cx="${Math.round(w * (0.1 + cx * 0.8))}" cy="${Math.round(h * (0.2 + (i % 3) * 0.3))}" r="${Math.round(h * (0.12 + (i % 4) * 0.08))}" fill="white" opacity="${0.05 + (i % 3) * 0.04}"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(a, 70, 45)}"/><stop offset="1" stop-color="${hsl(b, 70, 30)}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>${circles}</svg>`
}
