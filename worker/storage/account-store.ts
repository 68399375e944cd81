/**
 * Accounts in D1: customers, their tokens (mage) and active quotes, one-time codes, phone
 * verifications and password resets (docs/architecture.md, "Storage owns the SQL"). Secrets are
 * stored only as SHA-256 hashes; the caller hashes. Each write that must land with another is one batch.
 */
import type { MessageChannel } from './message-channel-store'

export interface Customer {
  id: number
  email: string
  firstname: string
  lastname: string
  mobile: string
  telesales: boolean
  store_id: number
}

type CustomerRow = Omit<Customer, 'telesales'> & { telesales: number; password_hash: string }

const customerColumns = 'c.id, c.email, c.firstname, c.lastname, c.mobile, c.telesales, c.store_id'
const toCustomer = (row: Omit<CustomerRow, 'password_hash'>): Customer => ({
  id: row.id,
  email: row.email,
  firstname: row.firstname,
  lastname: row.lastname,
  mobile: row.mobile,
  telesales: row.telesales === 1,
  store_id: row.store_id,
})

interface StoredCode {
  id: number
  code_hash: string
  expires_at: string
  /** The channel the code was asked for, stored as the mobile's choice once it is typed back. */
  channel?: MessageChannel | null
}

/**
 * Every statement on accounts, in parts by kind: the customer's row, their sessions and active quote, the one-time
 * codes and verified phones, and password resets. Each part is its own set of statements on `db`; none holds state.
 */
export function accountStore(db: D1Database) {
  return { ...customerRecords(db), ...customerSessions(db), ...phoneCodes(db), ...passwordResets(db) }
}

/** One try of a code or a reset, taken in one statement (takeCodeTry says why). */
async function takeTry(db: D1Database, table: 'otp_codes' | 'password_resets', id: number, maxTries: number): Promise<number | null> {
  const row = await db
    .prepare(`UPDATE ${table} SET wrong_attempts = wrong_attempts + 1 WHERE id = ?2 AND used = 0 AND wrong_attempts < ?1 RETURNING wrong_attempts`)
    .bind(maxTries, id)
    .first<{ wrong_attempts: number }>()
  return row?.wrong_attempts ?? null
}

/** The customer's own row: found by mobile, email or id, created with their mobile's guest orders, and changed. */
function customerRecords(db: D1Database) {
  async function customerWhere(column: 'mobile' | 'email', value: string) {
    const row = await db.prepare(`SELECT ${customerColumns}, c.password_hash FROM customers c WHERE c.${column} = ?`).bind(value).first<CustomerRow>()
    return row ? { customer: toCustomer(row), passwordHash: row.password_hash } : null
  }

  return {
    /** A customer and their password hash, by international mobile (966...). */
    customerByPhone: (phone: string) => customerWhere('mobile', phone),
    customerByEmail: (email: string) => customerWhere('email', email.toLowerCase()),

    /**
     * Creates the customer, spends the phone verification and gives the new account the guest orders placed with its
     * mobile (verified now by its code; docs/product.md, "Accounts"), in one batch: the account and its orders land
     * together or not at all. False when the verification was already spent.
     */
    async createCustomer(
      input: { email: string; firstname: string; lastname: string; mobile: string; passwordHash: string; verificationHash: string },
      now: Date,
    ): Promise<boolean> {
      const [spent] = await db.batch([
        db.prepare('UPDATE phone_verifications SET used = 1 WHERE token_hash = ? AND used = 0').bind(input.verificationHash),
        db
          .prepare(
            'INSERT INTO customers (email, firstname, lastname, mobile, password_hash, created_at) SELECT ?, ?, ?, ?, ?, ? WHERE changes() = 1',
          )
          .bind(input.email.toLowerCase(), input.firstname, input.lastname, input.mobile, input.passwordHash, now.toISOString()),
        // The account of the mobile, whichever registration made it (mobile is UNIQUE): a skipped insert finds the one
        // a racing registration made, which took these orders in its own batch.
        db
          .prepare('UPDATE orders SET customer_id = (SELECT id FROM customers WHERE mobile = ?1) WHERE customer_id IS NULL AND phone = ?1')
          .bind(input.mobile),
      ])
      return spent!.meta.changes === 1
    },

    async setPasswordHash(customerId: number, passwordHash: string): Promise<void> {
      await db.prepare('UPDATE customers SET password_hash = ? WHERE id = ?').bind(passwordHash, customerId).run()
    },

    async customerById(id: number): Promise<Customer | null> {
      const row = await db.prepare(`SELECT ${customerColumns} FROM customers c WHERE c.id = ?`).bind(id).first<Omit<CustomerRow, 'password_hash'>>()
      return row ? toCustomer(row) : null
    },

    async setName(customerId: number, firstname: string, lastname: string): Promise<void> {
      await db.prepare('UPDATE customers SET firstname = ?, lastname = ? WHERE id = ?').bind(firstname, lastname, customerId).run()
    },

    /** A new email (lower case) or mobile (966...): both are UNIQUE, so one another account took meanwhile throws. */
    async setContact(customerId: number, column: 'email' | 'mobile', value: string): Promise<void> {
      await db.prepare(`UPDATE customers SET ${column} = ? WHERE id = ?`).bind(value, customerId).run()
    },

    /**
     * A new password from the account (docs/product.md, "Accounts"): set, and every other session ended in the same
     * batch; the session that changed it (its token's hash) stays signed in.
     */
    async changePassword(customerId: number, passwordHash: string, keptTokenHash: string): Promise<void> {
      await db.batch([
        db.prepare('UPDATE customers SET password_hash = ? WHERE id = ?').bind(passwordHash, customerId),
        db.prepare('UPDATE customer_tokens SET revoked = 1 WHERE customer_id = ? AND token_hash <> ?').bind(customerId, keptTokenHash),
      ])
    },
  }
}

/** A customer's sessions (their tokens, stored as hashes) and the quote that is their active cart. */
function customerSessions(db: D1Database) {
  return {
    async addToken(customerId: number, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db
        .prepare('INSERT INTO customer_tokens (token_hash, customer_id, expires_at, created_at) VALUES (?, ?, ?, ?)')
        .bind(tokenHash, customerId, expiresAt.toISOString(), now.toISOString())
        .run()
    },

    /** The customer a live (unexpired, unrevoked) token belongs to. */
    async customerForToken(tokenHash: string, now: Date): Promise<Customer | null> {
      const row = await db
        .prepare(
          `SELECT ${customerColumns} FROM customer_tokens t JOIN customers c ON c.id = t.customer_id
           WHERE t.token_hash = ? AND t.revoked = 0 AND t.expires_at > ?`,
        )
        .bind(tokenHash, now.toISOString())
        .first<Omit<CustomerRow, 'password_hash'>>()
      return row ? toCustomer(row) : null
    },

    async revokeToken(tokenHash: string): Promise<void> {
      await db.prepare('UPDATE customer_tokens SET revoked = 1 WHERE token_hash = ?').bind(tokenHash).run()
    },

    /** The customer's active quote id, if any. */
    async quoteOf(customerId: number): Promise<string | null> {
      const row = await db.prepare('SELECT quote_id FROM customer_quotes WHERE customer_id = ?').bind(customerId).first<{ quote_id: string }>()
      return row?.quote_id ?? null
    },

    async ownsQuote(customerId: number, quoteId: string): Promise<boolean> {
      return (
        (await db.prepare('SELECT 1 AS ok FROM customer_quotes WHERE customer_id = ? AND quote_id = ?').bind(customerId, quoteId).first()) !== null
      )
    },

    async setQuote(customerId: number, quoteId: string): Promise<void> {
      await db
        .prepare(
          'INSERT INTO customer_quotes (customer_id, quote_id) VALUES (?, ?) ON CONFLICT (customer_id) DO UPDATE SET quote_id = excluded.quote_id',
        )
        .bind(customerId, quoteId)
        .run()
    },
  }
}

/** One-time codes, the phone verifications they give, and the phones a customer has verified. */
function phoneCodes(db: D1Database) {
  return {
    /** A new code replaces every unused one for the same phone and purpose. */
    async replaceCode(phone: string, purpose: string, codeHash: string, expiresAt: Date, now: Date, channel?: MessageChannel): Promise<void> {
      await db.batch([
        db.prepare('UPDATE otp_codes SET used = 1 WHERE phone = ? AND purpose = ? AND used = 0').bind(phone, purpose),
        db
          .prepare('INSERT INTO otp_codes (phone, purpose, code_hash, expires_at, created_at, channel) VALUES (?, ?, ?, ?, ?, ?)')
          .bind(phone, purpose, codeHash, expiresAt.toISOString(), now.toISOString(), channel ?? null),
      ])
    },

    liveCode: (phone: string, purpose: string) =>
      db
        .prepare('SELECT id, code_hash, expires_at, channel FROM otp_codes WHERE phone = ? AND purpose = ? AND used = 0 ORDER BY id DESC LIMIT 1')
        .bind(phone, purpose)
        .first<StoredCode>(),

    /**
     * Takes one of the code's tries before it is compared, in one statement, so concurrent guesses are counted one by
     * one (eight at once used to be compared against one count). Answers the tries taken so far, or null when none
     * was left (or the code is spent): then nothing may be compared. A right code is spent by spendCode.
     */
    takeCodeTry: (id: number, maxTries: number) => takeTry(db, 'otp_codes', id, maxTries),

    /** Spends a code once: false when another request spent it first. */
    async spendCode(id: number): Promise<boolean> {
      return (await db.prepare('UPDATE otp_codes SET used = 1 WHERE id = ? AND used = 0').bind(id).run()).meta.changes === 1
    },

    /** A phone verified for this customer: their registered mobile, or one they verified at checkout. */
    async customerHasVerifiedPhone(customerId: number, phone: string): Promise<boolean> {
      const row = await db
        .prepare(
          'SELECT 1 AS yes FROM customers WHERE id = ?1 AND mobile = ?2 UNION ALL SELECT 1 FROM customer_phones WHERE customer_id = ?1 AND phone = ?2 LIMIT 1',
        )
        .bind(customerId, phone)
        .first<{ yes: number }>()
      return row !== null
    },

    /** Every phone verified for this customer: the registered mobile first. */
    async customerVerifiedPhones(customerId: number): Promise<string[]> {
      const { results } = await db
        .prepare('SELECT mobile AS phone FROM customers WHERE id = ?1 UNION SELECT phone FROM customer_phones WHERE customer_id = ?1')
        .bind(customerId)
        .all<{ phone: string }>()
      return results.map((row) => row.phone)
    },

    async addCustomerPhone(customerId: number, phone: string, now: Date): Promise<void> {
      await db
        .prepare('INSERT OR IGNORE INTO customer_phones (customer_id, phone, verified_at) VALUES (?, ?, ?)')
        .bind(customerId, phone, now.toISOString())
        .run()
    },

    async addPhoneVerification(tokenHash: string, phone: string, expiresAt: Date): Promise<void> {
      await db
        .prepare('INSERT INTO phone_verifications (token_hash, phone, expires_at) VALUES (?, ?, ?)')
        .bind(tokenHash, phone, expiresAt.toISOString())
        .run()
    },

    /** The phone a live, unspent verification proves. */
    async verifiedPhone(tokenHash: string, now: Date): Promise<string | null> {
      const row = await db
        .prepare('SELECT phone FROM phone_verifications WHERE token_hash = ? AND used = 0 AND expires_at > ?')
        .bind(tokenHash, now.toISOString())
        .first<{ phone: string }>()
      return row?.phone ?? null
    },
  }
}

/** Password resets: a reset's code, its tries, and the new password set with it. */
function passwordResets(db: D1Database) {
  return {
    async replacePasswordReset(customerId: number, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db.batch([
        db.prepare('UPDATE password_resets SET used = 1 WHERE customer_id = ? AND used = 0').bind(customerId),
        db
          .prepare('INSERT INTO password_resets (customer_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?)')
          .bind(customerId, tokenHash, expiresAt.toISOString(), now.toISOString()),
      ])
    },

    livePasswordReset: (customerId: number) =>
      db
        .prepare('SELECT id, token_hash AS code_hash, expires_at FROM password_resets WHERE customer_id = ? AND used = 0 ORDER BY id DESC LIMIT 1')
        .bind(customerId)
        .first<StoredCode>(),

    /** As takeCodeTry, for a password reset: null when no try was left. */
    takePasswordResetTry: (id: number, maxTries: number) => takeTry(db, 'password_resets', id, maxTries),

    /**
     * Spends the reset and sets the new password in one batch; a new password signs out every session.
     * False when the reset was already spent: each statement runs only when the one before it changed a
     * row (`changes()`), so nothing else changes then.
     */
    async completePasswordReset(resetId: number, customerId: number, passwordHash: string): Promise<boolean> {
      const [spent] = await db.batch([
        db.prepare('UPDATE password_resets SET used = 1 WHERE id = ? AND used = 0').bind(resetId),
        db.prepare('UPDATE customers SET password_hash = ? WHERE id = ? AND changes() = 1').bind(passwordHash, customerId),
        db.prepare('UPDATE customer_tokens SET revoked = 1 WHERE customer_id = ? AND changes() = 1').bind(customerId),
      ])
      return spent!.meta.changes === 1
    },

    /**
     * A checked reset code exchanged for a token (docs/product.md, "Accounts"): the code's hash is replaced by the
     * token's, with the token's own expiry, so the code works no more. False when the reset was spent or exchanged
     * meanwhile (two checks racing with the right code: one wins). The tries start again: a token cannot be guessed.
     */
    async exchangePasswordReset(resetId: number, codeHash: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
      const { meta } = await db
        .prepare('UPDATE password_resets SET token_hash = ?, expires_at = ?, wrong_attempts = 0 WHERE id = ? AND used = 0 AND token_hash = ?')
        .bind(tokenHash, expiresAt.toISOString(), resetId, codeHash)
        .run()
      return meta.changes === 1
    },
  }
}
