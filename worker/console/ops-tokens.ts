/**
 * The scripts' tokens (docs/product.md, "The merchant console"): each script holds a token of its own, so the audit
 * trail says which script made a change. `OPS_TOKENS` lists them as `name@role=secret`, comma-separated (the role is
 * optional and defaults to operations); the older single `OPS_TOKEN` is the token named "terminal", with the owner's
 * permissions, as before.
 */
import { staffRoles, type StaffRole } from '../../src/domain/staff'

export interface ScriptToken {
  name: string
  role: StaffRole
  secret: string
}

const entry = /^([a-z0-9][a-z0-9-]{0,31})(?:@([a-z]+))?=(.{24,})$/

/** Every named token; a malformed entry, a short secret, an unknown role or a name used twice is a configuration error. */
export function scriptTokens(env: { OPS_TOKEN?: string; OPS_TOKENS?: string }): ScriptToken[] {
  const tokens: ScriptToken[] = env.OPS_TOKEN ? [{ name: 'terminal', role: 'owner', secret: env.OPS_TOKEN }] : []
  for (const part of (env.OPS_TOKENS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = entry.exec(part)
    if (!match) throw new Error('OPS_TOKENS: each entry is name@role=secret, with a secret of 24 characters or more')
    const role = (match[2] ?? 'operations') as StaffRole
    if (!staffRoles.includes(role)) throw new Error(`OPS_TOKENS: unknown role ${match[2]}`)
    if (tokens.some((t) => t.name === match[1])) throw new Error(`OPS_TOKENS: the name ${match[1]} is used twice`)
    tokens.push({ name: match[1]!, role, secret: match[3]! })
  }
  return tokens
}
