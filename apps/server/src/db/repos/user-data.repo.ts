import type { AccountExport } from "@heirloom/contract";
import { type Kysely, sql } from "kysely";
import type { DatabaseSchema } from "../schema.ts";
import { deletePlanHistory } from "./legacy-engine.repo.ts";

/** The rows of a user that an export carries, before the service shapes them (profile is the service's). */
export type UserDataExport = Omit<AccountExport, "format" | "exportedAt" | "profile" | "withheld">;

/** What an export leaves out, and why. Kept beside the export so the two change together. */
export const exportWithheld = [
  "the hash of your sign-in key and of your recovery key (credentials, useless to you and risky in a copy)",
  "your two-factor secret and backup codes (anyone holding them could pass your second factor)",
  "session tokens and social sign-in tokens (anyone holding them could act as you)",
  "rate-limit counters and one-time tokens (short-lived security records)",
  "the list of browsers you signed in from, kept only to tell you about a new one (its sign-ins are in activity)",
  "the download tokens of your stored objects (anyone holding one could fetch that encrypted object)",
  "the item keys your browser wrapped for your legacy recipients, and the statements it signed for them (only their keys open them)",
] as const;

/** The user's legacy contacts and plans, and the roles others gave them (no wraps: they open nothing for the user). */
async function exportLegacy(db: Kysely<DatabaseSchema>, userId: string): Promise<UserDataExport["legacy"]> {
  const [contacts, plans, items, recipients, namedBy] = await Promise.all([
    db
      .selectFrom("legacy_contacts")
      .selectAll()
      .where("owner_id", "=", userId)
      .orderBy("invited_at")
      .execute(),
    db.selectFrom("legacy_plans").selectAll().where("owner_id", "=", userId).orderBy("created_at").execute(),
    db
      .selectFrom("legacy_plan_items as i")
      .innerJoin("legacy_plans as p", "p.id", "i.plan_id")
      .select(["i.plan_id", "i.kind", "i.item_id"])
      .where("p.owner_id", "=", userId)
      .orderBy("i.added_at")
      .execute(),
    db
      .selectFrom("legacy_plan_recipients as r")
      .innerJoin("legacy_plans as p", "p.id", "r.plan_id")
      .select(["r.plan_id", "r.contact_id", "r.letter_sealed", "r.released_at"])
      .where("p.owner_id", "=", userId)
      .orderBy("r.added_at")
      .execute(),
    db
      .selectFrom("legacy_contacts as c")
      .innerJoin("user as o", "o.id", "c.owner_id")
      .select(["o.name", "o.email", "c.state", "c.accepted_at"])
      .where("c.contact_user_id", "=", userId)
      .orderBy("c.invited_at")
      .execute(),
  ]);
  return {
    contacts: contacts.map((c) => ({
      id: c.id,
      email: c.email,
      state: c.state,
      details: c.details,
      invitedAt: c.invited_at,
      acceptedAt: c.accepted_at,
      confirmedAt: c.confirmed_at,
      confirmedFingerprint: c.confirmed_fingerprint,
    })),
    plans: plans.map((p) => ({
      id: p.id,
      details: p.details,
      trigger: p.trigger,
      state: p.state,
      createdAt: p.created_at,
      releasedAt: p.released_at,
      items: items.filter((i) => i.plan_id === p.id).map((i) => ({ kind: i.kind, id: i.item_id })),
      recipients: recipients
        .filter((r) => r.plan_id === p.id)
        .map((r) => ({ contactId: r.contact_id, letterSealed: r.letter_sealed, releasedAt: r.released_at })),
    })),
    namedBy: namedBy.map((n) => ({
      ownerName: n.name,
      ownerEmail: n.email,
      state: n.state,
      acceptedAt: n.accepted_at,
    })),
  };
}

const iso = (value: Date | string) => (typeof value === "string" ? value : value.toISOString());

/** Every table that holds rows of a user, and how to find them. Kept in one place so deletion cannot miss one. */
export interface UserDataRepo {
  /** Deletes every row of the user in one transaction. `emailHash` finds the lockout rows (keyed by email). */
  deleteUser(userId: string, emailHash: string, now: Date): Promise<void>;
  /** Every row of the user worth handing back to them, secrets withheld (exportWithheld); undefined for no user. */
  exportUser(userId: string): Promise<UserDataExport | undefined>;
}

export function createUserDataRepo(db: Kysely<DatabaseSchema>): UserDataRepo {
  return {
    async deleteUser(userId, emailHash, now) {
      await db.transaction().execute(async (trx) => {
        // The user's own legacy contacts go; where the user is someone's contact, they leave that role (the owner's
        // row stays, and the user's id is cleared from it when the user row goes).
        // Where the user was a recipient, every wrap, letter, grant and drill for them goes with the role.
        const roles = trx.selectFrom("legacy_contacts").select("id").where("contact_user_id", "=", userId);
        await trx.deleteFrom("legacy_wraps").where("contact_id", "in", roles).execute();
        await trx.deleteFrom("legacy_drills").where("contact_id", "in", roles).execute();
        await trx.deleteFrom("legacy_plan_recipients").where("contact_id", "in", roles).execute();
        await trx.deleteFrom("legacy_plan_trustees").where("contact_id", "in", roles).execute();
        // The user's own plans (with everything hanging off them) and contacts.
        const plans = trx.selectFrom("legacy_plans").select("id").where("owner_id", "=", userId);
        await trx.deleteFrom("legacy_wraps").where("plan_id", "in", plans).execute();
        await deletePlanHistory(trx, sql`owner_id = ${userId}`);
        await trx.deleteFrom("legacy_plans").where("owner_id", "=", userId).execute();
        await trx.deleteFrom("legacy_contacts").where("owner_id", "=", userId).execute();
        await trx
          .updateTable("legacy_contacts")
          .set({ state: "left", left_at: now.toISOString(), updated_at: now.toISOString() })
          .where("contact_user_id", "=", userId)
          .where("state", "in", ["accepted", "confirmed"])
          .execute();
        await trx.deleteFrom("activity").where("user_id", "=", userId).execute();
        await trx.deleteFrom("notifications").where("user_id", "=", userId).execute();
        await trx.deleteFrom("known_devices").where("user_id", "=", userId).execute();
        await trx.deleteFrom("phone_numbers").where("user_id", "=", userId).execute();
        // Storage rows (their blobs are under the user's blob prefix, deleted before this runs).
        await trx.deleteFrom("storage_objects").where("user_id", "=", userId).execute();
        await trx.deleteFrom("storage_locks").where("user_id", "=", userId).execute();
        await trx.deleteFrom("user_errors").where("uid", "=", userId).execute();
        await trx.deleteFrom("account_keys").where("user_id", "=", userId).execute();
        await trx.deleteFrom("profiles").where("user_id", "=", userId).execute();
        await trx.deleteFrom("recovery_tokens").where("user_id", "=", userId).execute();
        await trx.deleteFrom("totp_steps").where("user_id", "=", userId).execute();
        await trx.deleteFrom("auth_attempts").where("subject_hash", "=", emailHash).execute();
        // better-auth keeps pending 2FA challenges, reset tokens and trusted devices with the user id as the value.
        await trx.deleteFrom("verification").where("value", "=", userId).execute();
        await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
        await trx.deleteFrom("session").where("userId", "=", userId).execute();
        await trx.deleteFrom("account").where("userId", "=", userId).execute();
        await trx.deleteFrom("user").where("id", "=", userId).execute();
      });
    },

    async exportUser(userId) {
      const user = await db
        .selectFrom("user")
        .select(["id", "email", "name", "emailVerified", "twoFactorEnabled", "createdAt"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) return undefined;
      const [keys, accounts, sessions, activity, errors, notifications, phone, objects, legacy] =
        await Promise.all([
          db.selectFrom("account_keys").selectAll().where("user_id", "=", userId).executeTakeFirst(),
          db.selectFrom("account").select(["providerId", "createdAt"]).where("userId", "=", userId).execute(),
          db
            .selectFrom("session")
            .select(["createdAt", "expiresAt", "ipAddress", "userAgent"])
            .where("userId", "=", userId)
            .execute(),
          db
            .selectFrom("activity")
            .select(["action", "device", "operating", "timestamp"])
            .where("user_id", "=", userId)
            .orderBy("timestamp", "desc")
            .execute(),
          db
            .selectFrom("user_errors")
            .select(["function", "error", "timestamp"])
            .where("uid", "=", userId)
            .orderBy("timestamp", "desc")
            .execute(),
          db
            .selectFrom("notifications")
            .select(["kind", "title", "body", "created_at", "read_at"])
            .where("user_id", "=", userId)
            .orderBy("created_at", "desc")
            .execute(),
          db
            .selectFrom("phone_numbers")
            .select(["phone", "verified_at"])
            .where("user_id", "=", userId)
            .executeTakeFirst(),
          db
            .selectFrom("storage_objects")
            .select(["full_path", "size", "content_type", "md5_hash", "time_created", "updated"])
            .where("user_id", "=", userId)
            .orderBy("full_path")
            .execute(),
          exportLegacy(db, userId),
        ]);
      return {
        user: {
          id: user.id,
          email: user.email,
          name: user.name,
          emailVerified: Boolean(user.emailVerified),
          twoFactorEnabled: Boolean(user.twoFactorEnabled),
          createdAt: iso(user.createdAt),
        },
        vault: keys
          ? {
              saltHex: keys.salt_hex,
              kdf: {
                algorithm: keys.kdf_algorithm,
                version: keys.kdf_version,
                iterations: keys.kdf_iterations,
                memoryKiB: keys.kdf_memory_kib,
                parallelism: keys.kdf_parallelism,
              },
              blobFormat: keys.blob_format,
              publicKeyPem: keys.public_key_pem,
              signingPublicKeyPem: keys.signing_public_key_pem,
              encryptedBlobs: {
                ownerEncryptedDek: keys.owner_encrypted_dek,
                encryptedPrivateKey: keys.encrypted_private_key,
                encryptedSigningPrivateKey: keys.encrypted_signing_private_key,
                recoveryEncryptedDek: keys.recovery_encrypted_dek,
                recoveryEncryptedPrivateKey: keys.recovery_encrypted_private_key,
                recoveryEncryptedSigningPrivateKey: keys.recovery_encrypted_signing_private_key,
              },
              createdAt: keys.created_at,
              updatedAt: keys.updated_at,
            }
          : null,
        signInMethods: accounts.map((a) => ({ provider: a.providerId, createdAt: iso(a.createdAt) })),
        sessions: sessions.map((s) => ({
          createdAt: iso(s.createdAt),
          expiresAt: iso(s.expiresAt),
          ipAddress: s.ipAddress,
          userAgent: s.userAgent,
        })),
        activity,
        errors,
        notifications: notifications.map((n) => ({
          kind: n.kind,
          title: n.title,
          body: n.body,
          createdAt: n.created_at,
          readAt: n.read_at,
        })),
        phone: phone?.phone ? { number: phone.phone, verifiedAt: phone.verified_at } : null,
        storageObjects: objects.map((o) => ({
          path: o.full_path,
          size: Number(o.size),
          contentType: o.content_type,
          md5Hash: o.md5_hash,
          timeCreated: o.time_created,
          updated: o.updated,
        })),
        legacy,
      };
    },
  };
}
