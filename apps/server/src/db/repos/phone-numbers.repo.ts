import type { Kysely } from "kysely";
import type { DatabaseSchema, PhoneNumbersTable } from "../schema.ts";

export interface PhoneRecord {
  userId: string;
  phone: string | null;
  verifiedAt: string | null;
  pendingPhone: string | null;
  codeHash: string | null;
  codeExpiresAt: string | null;
  codeAttempts: number;
  lastSentAt: string | null;
  sendsWindowStart: string | null;
  sendsInWindow: number;
}

export interface PhoneNumbersRepo {
  find(userId: string): Promise<PhoneRecord | undefined>;
  /** A new code for `pendingPhone` (replaces any earlier one and its attempts). */
  saveCode(
    userId: string,
    code: {
      pendingPhone: string;
      codeHash: string;
      expiresAt: Date;
      sendsWindowStart: string;
      sendsInWindow: number;
    },
    now: Date,
  ): Promise<void>;
  /** Counts one wrong guess; answers the attempts made so far. */
  countAttempt(userId: string, now: Date): Promise<number>;
  /** The pending number becomes the verified one; the code is used up. */
  confirm(userId: string, phone: string, now: Date): Promise<void>;
  /** Forgets the number and any pending code (the send counters stay, so removing cannot reset the limit). */
  clear(userId: string, now: Date): Promise<void>;
}

const toRecord = (row: PhoneNumbersTable): PhoneRecord => ({
  userId: row.user_id,
  phone: row.phone,
  verifiedAt: row.verified_at,
  pendingPhone: row.pending_phone,
  codeHash: row.code_hash,
  codeExpiresAt: row.code_expires_at,
  codeAttempts: Number(row.code_attempts),
  lastSentAt: row.last_sent_at,
  sendsWindowStart: row.sends_window_start,
  sendsInWindow: Number(row.sends_in_window),
});

export function createPhoneNumbersRepo(db: Kysely<DatabaseSchema>): PhoneNumbersRepo {
  return {
    async find(userId) {
      const row = await db
        .selectFrom("phone_numbers")
        .selectAll()
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async saveCode(userId, code, now) {
      const values = {
        pending_phone: code.pendingPhone,
        code_hash: code.codeHash,
        code_expires_at: code.expiresAt.toISOString(),
        code_attempts: 0,
        last_sent_at: now.toISOString(),
        sends_window_start: code.sendsWindowStart,
        sends_in_window: code.sendsInWindow,
        updated_at: now.toISOString(),
      };
      await db
        .insertInto("phone_numbers")
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .execute();
    },
    async countAttempt(userId, now) {
      await db
        .updateTable("phone_numbers")
        .set((eb) => ({ code_attempts: eb("code_attempts", "+", 1), updated_at: now.toISOString() }))
        .where("user_id", "=", userId)
        .execute();
      const row = await db
        .selectFrom("phone_numbers")
        .select("code_attempts")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(row?.code_attempts ?? 0);
    },
    async confirm(userId, phone, now) {
      await db
        .updateTable("phone_numbers")
        .set({
          phone,
          verified_at: now.toISOString(),
          pending_phone: null,
          code_hash: null,
          code_expires_at: null,
          code_attempts: 0,
          updated_at: now.toISOString(),
        })
        .where("user_id", "=", userId)
        .execute();
    },
    async clear(userId, now) {
      await db
        .updateTable("phone_numbers")
        .set({
          phone: null,
          verified_at: null,
          pending_phone: null,
          code_hash: null,
          code_expires_at: null,
          code_attempts: 0,
          updated_at: now.toISOString(),
        })
        .where("user_id", "=", userId)
        .execute();
    },
  };
}
