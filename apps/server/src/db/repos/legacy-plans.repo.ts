import type { LegacyItemKind, LegacyWrapKind } from "@heirloom/contract";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type {
  DatabaseSchema,
  LegacyDrillsTable,
  LegacyPlanRecipientsTable,
  LegacyPlanRequestsTable,
  LegacyPlansTable,
} from "../schema.ts";
import { deletePlanHistory } from "./legacy-engine.repo.ts";

// Plans, their items, recipients (with letter, statement and release grant), wraps and drills
// (0009_legacy_plans). Ownership is checked by the service before any write here; recipient reads join through
// legacy_contacts.contact_user_id so a recipient only ever reaches rows naming them.

export type PlanRow = Selectable<LegacyPlansTable>;
export type PlanRecipientRow = Selectable<LegacyPlanRecipientsTable>;
export type DrillRow = Selectable<LegacyDrillsTable>;

export interface WrapRef {
  kind: LegacyWrapKind;
  itemId: string;
  keyFingerprint: string;
}

export interface PlanRecord {
  plan: PlanRow;
  trustees: string[];
  /** A recipient's request the owner has not answered (the release engine's), with its sealed reason. */
  pendingRequest: {
    contactId: string;
    requestedAt: string;
    dueAt: string;
    reason: { sealed: string; dek: string } | null;
  } | null;
  items: { kind: LegacyItemKind; itemId: string; addedAt: string }[];
  recipients: (PlanRecipientRow & { wraps: WrapRef[]; lastDrillAt: string | null })[];
}

export interface NewPlan {
  id: string;
  ownerId: string;
  details: string;
  trigger: PlanRow["trigger"];
  graceDays: number | null;
  waitingDays: number | null;
  trusteesRequired: number | null;
  timeLimitDays: number | null;
  trustees: string[];
}

export type PlanSettingsUpdate = Omit<NewPlan, "id" | "ownerId" | "details">;

/** A release or drill as its recipient sees it. */
export interface SharedRecord {
  kind: "release" | "drill";
  id: string;
  planId: string;
  contactId: string;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  releasedAt: string;
  expiresAt: string | null;
  statement: string | null;
  statementSignature: string | null;
  letter: { id: string; sealed: string; wrappedDek: string } | null;
  documents: { id: string; wrappedDek: string }[];
}

export type NamingRow = PlanRow & {
  owner_name: string;
  contact_state: string;
  contact_id: string;
  recipient: boolean;
  trustee: boolean;
  /** As a trustee, this account answered the plan's current firing. */
  answered: boolean;
};

export interface LegacyPlansRepo {
  countOwned(ownerId: string): Promise<number>;
  insert(plan: NewPlan, now: Date): Promise<boolean>;
  find(ownerId: string, id: string): Promise<PlanRecord | undefined>;
  listOwned(ownerId: string): Promise<PlanRecord[]>;
  updateDetails(id: string, details: string, now: Date): Promise<void>;
  updateSettings(id: string, settings: PlanSettingsUpdate, now: Date): Promise<void>;
  delete(ownerId: string, id: string): Promise<void>;
  /** Adds the items not in the plan yet; the version goes up when any was new. */
  addItems(id: string, items: { kind: LegacyItemKind; itemId: string }[], now: Date): Promise<void>;
  /** Removes an item and every wrap of it; false when it was not in the plan. */
  removeItem(id: string, kind: LegacyItemKind, itemId: string, now: Date): Promise<boolean>;
  /** Adds a recipient, released at once when the plan is; false when they were one already. */
  addRecipient(id: string, contactId: string, now: Date): Promise<boolean>;
  removeRecipient(id: string, contactId: string, now: Date): Promise<boolean>;
  /** Replaces the letter (and drops the wrap of the previous one). */
  setLetter(
    id: string,
    contactId: string,
    letter: { id: string; sealed: string; ownerDek: string } | null,
    now: Date,
  ): Promise<void>;
  /**
   * Stores wraps and the statement signed for one recipient, only if the plan is still at `version`. Wraps to another
   * key than `keyFingerprint` are dropped in the same transaction (a recipient whose key changed is wrapped anew).
   */
  storeWraps(
    id: string,
    contactId: string,
    input: {
      version: number;
      keyFingerprint: string;
      wraps: { kind: LegacyWrapKind; itemId: string; wrappedDek: string }[];
      statement: string;
      signature: string;
    },
    now: Date,
  ): Promise<boolean>;
  /** share now: the plan is released, and every recipient gets a release grant. */
  release(id: string, now: Date): Promise<void>;
  /** The plan is no longer released: every grant ends. */
  unrelease(id: string, now: Date): Promise<void>;
  /** Marks a recipient's release as notified; false when it already was. */
  markReleaseNotified(id: string, contactId: string, now: Date): Promise<boolean>;
  insertDrill(drill: Omit<DrillRow, "created_at">, now: Date): Promise<void>;
  /** Every trace of a contact in plans (their role ended): recipient rows, wraps, trustee rows, drills. */
  removeContact(contactId: string): Promise<void>;
  /** Plans naming this account as a recipient or a trustee, with their owner's name and this account's roles. */
  listNaming(userId: string): Promise<NamingRow[]>;
  /** Releases and live drills for this account. */
  listShared(userId: string, now: Date): Promise<SharedRecord[]>;
  findShared(userId: string, id: string, now: Date): Promise<SharedRecord | undefined>;
  /** Whether `recipientId` holds a live release of a plan of `ownerId` holding this document, wrapped to them. */
  mayReadDocument(recipientId: string, ownerId: string, documentId: string, now: Date): Promise<boolean>;
}

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

function pendingOf(request: LegacyPlanRequestsTable | undefined): PlanRecord["pendingRequest"] {
  if (!request) return null;
  return {
    contactId: request.contact_id,
    requestedAt: request.requested_at,
    dueAt: request.due_at,
    reason:
      request.reason_sealed && request.reason_dek
        ? { sealed: request.reason_sealed, dek: request.reason_dek }
        : null,
  };
}

async function bumpVersion(db: Db, id: string, now: Date) {
  await db
    .updateTable("legacy_plans")
    .set((eb) => ({ version: eb("version", "+", 1), updated_at: now.toISOString() }))
    .where("id", "=", id)
    .execute();
}

/** A recipient's live release: granted, not ended, contact still confirmed, and the account is the contact. */
function liveReleaseFor(db: Db, userId: string, now: Date) {
  return db
    .selectFrom("legacy_plan_recipients as r")
    .innerJoin("legacy_contacts as c", "c.id", "r.contact_id")
    .innerJoin("legacy_plans as p", "p.id", "r.plan_id")
    .where("c.contact_user_id", "=", userId)
    .where("c.state", "=", "confirmed")
    .where("p.state", "=", "released")
    .where("r.released_at", "is not", null)
    .where((eb) =>
      eb.or([eb("r.release_ends_at", "is", null), eb("r.release_ends_at", ">", now.toISOString())]),
    );
}

export function createLegacyPlansRepo(db: Kysely<DatabaseSchema>): LegacyPlansRepo {
  async function load(plans: PlanRow[]): Promise<PlanRecord[]> {
    if (plans.length === 0) return [];
    const ids = plans.map((p) => p.id);
    const [trustees, items, recipients, wraps, drills, requests] = await Promise.all([
      db.selectFrom("legacy_plan_trustees").selectAll().where("plan_id", "in", ids).execute(),
      db
        .selectFrom("legacy_plan_items")
        .selectAll()
        .where("plan_id", "in", ids)
        .orderBy("added_at")
        .orderBy("item_id")
        .execute(),
      db
        .selectFrom("legacy_plan_recipients")
        .selectAll()
        .where("plan_id", "in", ids)
        .orderBy("added_at")
        .orderBy("contact_id")
        .execute(),
      db
        .selectFrom("legacy_wraps")
        .select(["plan_id", "contact_id", "kind", "item_id", "key_fingerprint"])
        .where("plan_id", "in", ids)
        .execute(),
      db
        .selectFrom("legacy_drills")
        .select(["plan_id", "contact_id"])
        .select((eb) => eb.fn.max("created_at").as("last"))
        .where("plan_id", "in", ids)
        .groupBy(["plan_id", "contact_id"])
        .execute(),
      db
        .selectFrom("legacy_plan_requests")
        .selectAll()
        .where("plan_id", "in", ids)
        .where("outcome", "is", null)
        .orderBy("requested_at", "desc")
        .execute(),
    ]);
    return plans.map((plan) => ({
      plan,
      trustees: trustees.filter((t) => t.plan_id === plan.id).map((t) => t.contact_id),
      pendingRequest: pendingOf(requests.find((r) => r.plan_id === plan.id)),
      items: items
        .filter((i) => i.plan_id === plan.id)
        .map((i) => ({ kind: i.kind, itemId: i.item_id, addedAt: i.added_at })),
      recipients: recipients
        .filter((r) => r.plan_id === plan.id)
        .map((r) => ({
          ...r,
          wraps: wraps
            .filter((w) => w.plan_id === plan.id && w.contact_id === r.contact_id)
            .map((w) => ({ kind: w.kind, itemId: w.item_id, keyFingerprint: w.key_fingerprint })),
          lastDrillAt:
            (drills.find((d) => d.plan_id === plan.id && d.contact_id === r.contact_id)?.last as
              | string
              | undefined) ?? null,
        })),
    }));
  }

  async function sharedDocuments(planId: string, contactId: string) {
    const rows = await db
      .selectFrom("legacy_wraps as w")
      .innerJoin("legacy_plan_items as i", (join) =>
        join
          .onRef("i.plan_id", "=", "w.plan_id")
          .onRef("i.item_id", "=", "w.item_id")
          .on("i.kind", "=", "document"),
      )
      .select(["w.item_id", "w.wrapped_dek"])
      .where("w.plan_id", "=", planId)
      .where("w.contact_id", "=", contactId)
      .where("w.kind", "=", "document")
      .orderBy("i.added_at")
      .orderBy("w.item_id")
      .execute();
    return rows.map((r) => ({ id: r.item_id, wrappedDek: r.wrapped_dek }));
  }

  const releaseColumns = [
    "r.plan_id",
    "r.contact_id",
    "r.released_at",
    "r.release_ends_at",
    "r.statement",
    "r.statement_signature",
    "r.letter_id",
    "r.letter_sealed",
    "p.owner_id",
    "o.name as owner_name",
    "o.email as owner_email",
  ] as const;

  async function toRelease(row: {
    plan_id: string;
    contact_id: string;
    released_at: string | null;
    release_ends_at: string | null;
    statement: string | null;
    statement_signature: string | null;
    letter_id: string | null;
    letter_sealed: string | null;
    owner_id: string;
    owner_name: string;
    owner_email: string;
  }): Promise<SharedRecord> {
    const letterWrap =
      row.letter_id === null
        ? undefined
        : await db
            .selectFrom("legacy_wraps")
            .select("wrapped_dek")
            .where("plan_id", "=", row.plan_id)
            .where("contact_id", "=", row.contact_id)
            .where("kind", "=", "letter")
            .where("item_id", "=", row.letter_id)
            .executeTakeFirst();
    return {
      kind: "release",
      id: row.plan_id,
      planId: row.plan_id,
      contactId: row.contact_id,
      ownerId: row.owner_id,
      ownerName: row.owner_name,
      ownerEmail: row.owner_email,
      releasedAt: row.released_at ?? "",
      expiresAt: row.release_ends_at,
      statement: row.statement,
      statementSignature: row.statement_signature,
      letter:
        row.letter_id !== null && row.letter_sealed !== null && letterWrap
          ? { id: row.letter_id, sealed: row.letter_sealed, wrappedDek: letterWrap.wrapped_dek }
          : null,
      documents: await sharedDocuments(row.plan_id, row.contact_id),
    };
  }

  function drillsFor(userId: string, now: Date) {
    return db
      .selectFrom("legacy_drills as d")
      .innerJoin("legacy_contacts as c", "c.id", "d.contact_id")
      .innerJoin("user as o", "o.id", "c.owner_id")
      .where("c.contact_user_id", "=", userId)
      .where("c.state", "=", "confirmed")
      .where("d.expires_at", ">", now.toISOString())
      .select([
        "d.id",
        "d.plan_id",
        "d.contact_id",
        "d.sealed",
        "d.wrapped_dek",
        "d.statement",
        "d.statement_signature",
        "d.created_at",
        "d.expires_at",
        "c.owner_id",
        "o.name as owner_name",
        "o.email as owner_email",
      ]);
  }

  type DrillJoined = Awaited<ReturnType<ReturnType<typeof drillsFor>["execute"]>>[number];
  const toDrill = (d: DrillJoined): SharedRecord => ({
    kind: "drill",
    id: d.id,
    planId: d.plan_id,
    contactId: d.contact_id,
    ownerId: d.owner_id,
    ownerName: d.owner_name,
    ownerEmail: d.owner_email,
    releasedAt: d.created_at,
    expiresAt: d.expires_at,
    statement: d.statement,
    statementSignature: d.statement_signature,
    letter: { id: d.id, sealed: d.sealed, wrappedDek: d.wrapped_dek },
    documents: [],
  });

  return {
    async countOwned(ownerId) {
      const row = await db
        .selectFrom("legacy_plans")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("owner_id", "=", ownerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(plan, now) {
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom("legacy_plans")
          .select("id")
          .where("id", "=", plan.id)
          .executeTakeFirst();
        if (existing) return false;
        await trx
          .insertInto("legacy_plans")
          .values({
            id: plan.id,
            owner_id: plan.ownerId,
            details: plan.details,
            trigger: plan.trigger,
            grace_days: plan.graceDays,
            waiting_days: plan.waitingDays,
            trustees_required: plan.trusteesRequired,
            time_limit_days: plan.timeLimitDays,
            state: "active",
            version: 1,
            created_at: at,
            updated_at: at,
            released_at: null,
          })
          .execute();
        if (plan.trustees.length > 0) {
          await trx
            .insertInto("legacy_plan_trustees")
            .values(plan.trustees.map((contactId) => ({ plan_id: plan.id, contact_id: contactId })))
            .execute();
        }
        return true;
      });
    },

    async find(ownerId, id) {
      const plan = await db
        .selectFrom("legacy_plans")
        .selectAll()
        .where("id", "=", id)
        .where("owner_id", "=", ownerId)
        .executeTakeFirst();
      return plan ? (await load([plan]))[0] : undefined;
    },

    async listOwned(ownerId) {
      const plans = await db
        .selectFrom("legacy_plans")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return load(plans);
    },

    async updateDetails(id, details, now) {
      await db
        .updateTable("legacy_plans")
        .set({ details, updated_at: now.toISOString() })
        .where("id", "=", id)
        .execute();
    },

    async updateSettings(id, settings, now) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("legacy_plans")
          .set({
            trigger: settings.trigger,
            grace_days: settings.graceDays,
            waiting_days: settings.waitingDays,
            trustees_required: settings.trusteesRequired,
            time_limit_days: settings.timeLimitDays,
            updated_at: now.toISOString(),
          })
          .where("id", "=", id)
          .execute();
        await trx.deleteFrom("legacy_plan_trustees").where("plan_id", "=", id).execute();
        if (settings.trustees.length > 0) {
          await trx
            .insertInto("legacy_plan_trustees")
            .values(settings.trustees.map((contactId) => ({ plan_id: id, contact_id: contactId })))
            .execute();
        }
      });
    },

    async delete(ownerId, id) {
      await db.transaction().execute(async (trx) => {
        const owned = await trx
          .selectFrom("legacy_plans")
          .select("id")
          .where("id", "=", id)
          .where("owner_id", "=", ownerId)
          .executeTakeFirst();
        if (!owned) return;
        // Wraps first: they hang off recipient rows, which hang off the plan.
        await trx.deleteFrom("legacy_wraps").where("plan_id", "=", id).execute();
        await deletePlanHistory(trx, sql`id = ${id}`);
        await trx.deleteFrom("legacy_plans").where("id", "=", id).execute();
      });
    },

    async addItems(id, items, now) {
      await db.transaction().execute(async (trx) => {
        const present = new Set(
          (
            await trx
              .selectFrom("legacy_plan_items")
              .select(["kind", "item_id"])
              .where("plan_id", "=", id)
              .execute()
          ).map((i) => `${i.kind}:${i.item_id}`),
        );
        const fresh = [...new Map(items.map((i) => [`${i.kind}:${i.itemId}`, i])).values()].filter(
          (i) => !present.has(`${i.kind}:${i.itemId}`),
        );
        if (fresh.length === 0) return;
        await trx
          .insertInto("legacy_plan_items")
          .values(
            fresh.map((i) => ({ plan_id: id, kind: i.kind, item_id: i.itemId, added_at: now.toISOString() })),
          )
          .execute();
        await bumpVersion(trx, id, now);
      });
    },

    async removeItem(id, kind, itemId, now) {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("legacy_wraps")
          .where("plan_id", "=", id)
          .where("kind", "=", kind)
          .where("item_id", "=", itemId)
          .execute();
        const result = await trx
          .deleteFrom("legacy_plan_items")
          .where("plan_id", "=", id)
          .where("kind", "=", kind)
          .where("item_id", "=", itemId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await bumpVersion(trx, id, now);
        return true;
      });
    },

    async addRecipient(id, contactId, now) {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom("legacy_plan_recipients")
          .select("contact_id")
          .where("plan_id", "=", id)
          .where("contact_id", "=", contactId)
          .executeTakeFirst();
        if (existing) return false;
        const plan = await trx
          .selectFrom("legacy_plans")
          .select("state")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        const at = now.toISOString();
        await trx
          .insertInto("legacy_plan_recipients")
          .values({
            plan_id: id,
            contact_id: contactId,
            added_at: at,
            letter_id: null,
            letter_sealed: null,
            letter_owner_dek: null,
            letter_updated_at: null,
            statement: null,
            statement_signature: null,
            statement_version: null,
            statement_fingerprint: null,
            statement_signed_at: null,
            released_at: plan.state === "released" ? at : null,
            release_ends_at: null,
            release_notified_at: null,
          })
          .execute();
        await bumpVersion(trx, id, now);
        return true;
      });
    },

    async removeRecipient(id, contactId, now) {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("legacy_wraps")
          .where("plan_id", "=", id)
          .where("contact_id", "=", contactId)
          .execute();
        await trx
          .deleteFrom("legacy_drills")
          .where("plan_id", "=", id)
          .where("contact_id", "=", contactId)
          .execute();
        const result = await trx
          .deleteFrom("legacy_plan_recipients")
          .where("plan_id", "=", id)
          .where("contact_id", "=", contactId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await bumpVersion(trx, id, now);
        return true;
      });
    },

    async setLetter(id, contactId, letter, now) {
      await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom("legacy_plan_recipients")
          .select("letter_id")
          .where("plan_id", "=", id)
          .where("contact_id", "=", contactId)
          .executeTakeFirst();
        if (current?.letter_id) {
          await trx
            .deleteFrom("legacy_wraps")
            .where("plan_id", "=", id)
            .where("contact_id", "=", contactId)
            .where("kind", "=", "letter")
            .execute();
        }
        await trx
          .updateTable("legacy_plan_recipients")
          .set({
            letter_id: letter?.id ?? null,
            letter_sealed: letter?.sealed ?? null,
            letter_owner_dek: letter?.ownerDek ?? null,
            letter_updated_at: letter ? now.toISOString() : null,
          })
          .where("plan_id", "=", id)
          .where("contact_id", "=", contactId)
          .execute();
        await bumpVersion(trx, id, now);
      });
    },

    async storeWraps(id, contactId, input, now) {
      return db.transaction().execute(async (trx) => {
        // The conditional update is the version check: a plan changed meanwhile matches no row.
        const touched = await trx
          .updateTable("legacy_plans")
          .set({ updated_at: now.toISOString() })
          .where("id", "=", id)
          .where("version", "=", input.version)
          .executeTakeFirst();
        if (Number(touched.numUpdatedRows) !== 1) return false;
        await trx
          .deleteFrom("legacy_wraps")
          .where("plan_id", "=", id)
          .where("contact_id", "=", contactId)
          .where("key_fingerprint", "!=", input.keyFingerprint)
          .execute();
        for (const wrap of input.wraps) {
          await trx
            .deleteFrom("legacy_wraps")
            .where("plan_id", "=", id)
            .where("contact_id", "=", contactId)
            .where("kind", "=", wrap.kind)
            .where("item_id", "=", wrap.itemId)
            .execute();
        }
        if (input.wraps.length > 0) {
          await trx
            .insertInto("legacy_wraps")
            .values(
              input.wraps.map((w) => ({
                plan_id: id,
                contact_id: contactId,
                kind: w.kind,
                item_id: w.itemId,
                wrapped_dek: w.wrappedDek,
                key_fingerprint: input.keyFingerprint,
                created_at: now.toISOString(),
              })),
            )
            .execute();
        }
        await trx
          .updateTable("legacy_plan_recipients")
          .set({
            statement: input.statement,
            statement_signature: input.signature,
            statement_version: input.version,
            statement_fingerprint: input.keyFingerprint,
            statement_signed_at: now.toISOString(),
          })
          .where("plan_id", "=", id)
          .where("contact_id", "=", contactId)
          .execute();
        return true;
      });
    },

    async release(id, now) {
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("legacy_plans")
          .set({ state: "released", phase: "released", released_at: at, updated_at: at })
          .where("id", "=", id)
          .where("state", "=", "active")
          .execute();
        await trx
          .updateTable("legacy_plan_recipients")
          .set({ released_at: at })
          .where("plan_id", "=", id)
          .where("released_at", "is", null)
          .execute();
      });
    },

    async unrelease(id, now) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("legacy_plans")
          .set({ state: "active", phase: "active", released_at: null, updated_at: now.toISOString() })
          .where("id", "=", id)
          .execute();
        await trx
          .updateTable("legacy_plan_recipients")
          .set({ released_at: null, release_ends_at: null, release_notified_at: null })
          .where("plan_id", "=", id)
          .execute();
      });
    },

    async markReleaseNotified(id, contactId, now) {
      const result = await db
        .updateTable("legacy_plan_recipients")
        .set({ release_notified_at: now.toISOString() })
        .where("plan_id", "=", id)
        .where("contact_id", "=", contactId)
        .where("released_at", "is not", null)
        .where("release_notified_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertDrill(drill, now) {
      await db
        .insertInto("legacy_drills")
        .values({ ...drill, created_at: now.toISOString() })
        .execute();
    },

    async removeContact(contactId) {
      await db.transaction().execute(async (trx) => {
        const plans = await trx
          .selectFrom("legacy_plan_recipients")
          .select("plan_id")
          .where("contact_id", "=", contactId)
          .execute();
        await trx.deleteFrom("legacy_wraps").where("contact_id", "=", contactId).execute();
        await trx.deleteFrom("legacy_drills").where("contact_id", "=", contactId).execute();
        await trx.deleteFrom("legacy_plan_recipients").where("contact_id", "=", contactId).execute();
        await trx.deleteFrom("legacy_plan_trustees").where("contact_id", "=", contactId).execute();
        if (plans.length > 0) {
          await trx
            .updateTable("legacy_plans")
            .set((eb) => ({ version: eb("version", "+", 1) }))
            .where(
              "id",
              "in",
              plans.map((p) => p.plan_id),
            )
            .execute();
        }
      });
    },

    async listNaming(userId) {
      // A role is a row naming one of the account's live contact rows: as a recipient, or as a trustee.
      const roles = db
        .selectFrom("legacy_plan_recipients")
        .select(["plan_id", "contact_id", sql<number>`1`.as("recipient")])
        .unionAll((eb) =>
          eb
            .selectFrom("legacy_plan_trustees")
            .select(["plan_id", "contact_id", sql<number>`0`.as("recipient")]),
        );
      const rows = await db
        .selectFrom(roles.as("r"))
        .innerJoin("legacy_contacts as c", "c.id", "r.contact_id")
        .innerJoin("legacy_plans as p", "p.id", "r.plan_id")
        .innerJoin("user as o", "o.id", "p.owner_id")
        .where("c.contact_user_id", "=", userId)
        .where("c.state", "in", ["accepted", "confirmed"])
        .selectAll("p")
        .select(["o.name as owner_name", "c.state as contact_state", "c.id as contact_id", "r.recipient"])
        .orderBy("p.created_at")
        .orderBy("p.id")
        .execute();
      const recipientOf = rows.filter((r) => Number(r.recipient) === 1);
      const trusteeOf = rows.filter((r) => Number(r.recipient) === 0);
      const answered = new Set(
        (
          await db
            .selectFrom("legacy_plan_trustee_answers as a")
            .innerJoin("legacy_contacts as c", "c.id", "a.contact_id")
            .innerJoin("legacy_plans as p", (join) =>
              join.onRef("p.id", "=", "a.plan_id").onRef("p.fired_at", "=", "a.fired_at"),
            )
            .where("c.contact_user_id", "=", userId)
            .select("a.plan_id")
            .execute()
        ).map((r) => r.plan_id),
      );
      const byId = new Map<string, NamingRow>();
      const plain = ({ recipient: _, ...row }: (typeof rows)[number]) => row;
      for (const row of recipientOf)
        byId.set(row.id, { ...plain(row), recipient: true, trustee: false, answered: false });
      for (const row of trusteeOf) {
        const known = byId.get(row.id);
        byId.set(row.id, {
          ...(known ?? { ...plain(row), recipient: false }),
          trustee: row.contact_state === "confirmed",
          answered: answered.has(row.id),
        });
      }
      return [...byId.values()];
    },

    async listShared(userId, now) {
      const releases = await liveReleaseFor(db, userId, now)
        .innerJoin("user as o", "o.id", "p.owner_id")
        .select([...releaseColumns])
        .orderBy("r.released_at", "desc")
        .execute();
      const drills = await drillsFor(userId, now).orderBy("d.created_at", "desc").execute();
      return [...(await Promise.all(releases.map(toRelease))), ...drills.map(toDrill)];
    },

    async findShared(userId, id, now) {
      const release = await liveReleaseFor(db, userId, now)
        .innerJoin("user as o", "o.id", "p.owner_id")
        .where("r.plan_id", "=", id)
        .select([...releaseColumns])
        .executeTakeFirst();
      if (release) return toRelease(release);
      const drill = await drillsFor(userId, now).where("d.id", "=", id).executeTakeFirst();
      return drill && toDrill(drill);
    },

    async mayReadDocument(recipientId, ownerId, documentId, now) {
      const row = await liveReleaseFor(db, recipientId, now)
        .innerJoin("legacy_plan_items as i", (join) =>
          join.onRef("i.plan_id", "=", "r.plan_id").on("i.kind", "=", "document"),
        )
        .innerJoin("legacy_wraps as w", (join) =>
          join
            .onRef("w.plan_id", "=", "r.plan_id")
            .onRef("w.contact_id", "=", "r.contact_id")
            .onRef("w.item_id", "=", "i.item_id")
            .on("w.kind", "=", "document"),
        )
        .where("p.owner_id", "=", ownerId)
        .where("i.item_id", "=", documentId)
        .select("r.plan_id")
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
