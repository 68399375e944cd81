/**
 * How many SMS a text costs (3GPP TS 23.038, as Unifonic and Taqnyat bill it): a text in the GSM 7-bit alphabet fits
 * 160 characters, or 153 a part once split; anything else, Arabic included, goes as UCS-2: 70 characters, or 67 a
 * part. The embedded providers answer with this count as the real ones do (Unifonic's NumberOfUnits, Taqnyat's
 * msgLength).
 */
const gsm7 = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
/** Characters of the GSM extension table: each takes two septets. */
const gsm7Extended = '^{}\\[~]|€\f'

export function smsParts(text: string): { encoding: 'GSM-7' | 'UCS-2'; parts: number } {
  let septets = 0
  let isGsm = true
  for (const ch of text) {
    if (gsm7.includes(ch)) septets += 1
    else if (gsm7Extended.includes(ch)) septets += 2
    else {
      isGsm = false
      break
    }
  }
  if (isGsm) return { encoding: 'GSM-7', parts: septets <= 160 ? 1 : Math.ceil(septets / 153) }
  // UCS-2 counts UTF-16 code units: a character outside the BMP (an emoji) takes two.
  const units = text.length
  return { encoding: 'UCS-2', parts: units <= 70 ? 1 : Math.ceil(units / 67) }
}
