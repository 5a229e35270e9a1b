import {
  type LegacyDrillCreate,
  type LegacyItemKind,
  type LegacyLetter,
  type LegacyPlan,
  type LegacyPlanSettings,
  type LegacyShared,
  type LegacySharedList,
  type LegacyWrapsUpload,
  legacyPlanMessages,
  legacyPlanRules,
  type NotificationKind,
} from "@heirloom/contract";
import type { LegacyContactsRepo, LegacyContactWithPeople } from "../db/repos/legacy-contacts.repo.ts";
import type { LegacyPlansRepo, PlanRecord, PlanSettingsUpdate } from "../db/repos/legacy-plans.repo.ts";
import { AppError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { legacyDrillMail, legacyPlanSharedMail } from "../mail/templates.ts";
import type { Caller } from "./account.service.ts";
import type { RecordActivity } from "./activity.service.ts";
import type { Clock } from "./clock.ts";
import { takesRequests as planTakesRequests } from "./legacy-engine.ts";
import { publicKeyFingerprintHex } from "./public-key-fingerprint.ts";

// Plans: what goes to whom (ARCHITECTURE.md "Legacy model"; docs/architecture.md section 8). Everything a person
// wrote arrives sealed; item keys arrive wrapped to a recipient's key in the owner's browser. What the server
// enforces: ownership of every plan, item, contact and letter; wraps only to a confirmed contact whose key is still
// the one the owner confirmed; a signed statement that lists exactly what is then wrapped; and reads by a recipient
// only after a release to them (RecipientAccess). Only share-now plans are released here: the release engine (its
// own issue) fires the other triggers.

export interface LegacyPlansServiceDeps {
  repo: LegacyPlansRepo;
  contacts: Pick<LegacyContactsRepo, "findOwned">;
  /** Whether a document (any of its objects) is stored in the owner's vault. */
  documentExists: (ownerId: string, documentId: string) => Promise<boolean>;
  /** The objects of a stored document a recipient may read (header, chunks, manifest; not the owner's key). */
  documentObjects: (ownerId: string, documentId: string) => Promise<{ path: string; size: number }[]>;
  /** The signing public key of an account (for the recipient to verify the owner's signatures). */
  signingKeyOf: (userId: string) => Promise<string | null>;
  /** The RSA public key of an account (for a recipient to seal a request's reason to the owner). */
  publicKeyOf: (userId: string) => Promise<string | null>;
  ownerName: (userId: string) => Promise<string>;
  /** A plan's history (the release engine's), oldest first. */
  historyOf: (planId: string) => Promise<LegacyShared["history"]>;
  mailer: Mailer;
  runInBackground: (work: Promise<unknown>) => void;
  notify: (userId: string, kind: NotificationKind, detail: string) => Promise<void>;
  /** Writes an event to a person's activity log (activity.service.ts). */
  recordActivity?: RecordActivity;
  clock: Clock;
  publicUrl: string;
  /** The release engine derives the plan's phase again (a share-now plan is released there). */
  onPlanChanged: (
    ownerId: string,
    planId: string,
    change: { settings: boolean; wasShareNow: boolean },
  ) => Promise<void>;
}

const dayMs = 24 * 60 * 60 * 1000;
const PLAN_STATEMENT_FORMAT = "heirloom/plan-statement/v1";

/** A plan's settings as the contract shows them, from the stored row. */
function settingsOf(record: PlanRecord): LegacyPlanSettings {
  const { plan } = record;
  const trigger: LegacyPlanSettings["trigger"] =
    plan.trigger === "missedCheckIn"
      ? {
          kind: "missedCheckIn",
          graceDays: (plan.grace_days ?? 14) as 7 | 14 | 30,
          ...(plan.waiting_days !== null
            ? { requestWaitingDays: plan.waiting_days as 1 | 2 | 7 | 14 | 30 | 90 }
            : {}),
        }
      : plan.trigger === "request"
        ? { kind: "request", waitingDays: (plan.waiting_days ?? 7) as 1 | 2 | 7 | 14 | 30 | 90 }
        : { kind: "shareNow" };
  return {
    trigger,
    trustees:
      plan.trustees_required !== null && record.trustees.length > 0
        ? { contactIds: record.trustees, required: plan.trustees_required }
        : null,
    timeLimitDays: plan.time_limit_days,
  };
}

function toPlan(record: PlanRecord): LegacyPlan {
  const { plan } = record;
  return {
    id: plan.id,
    details: plan.details,
    settings: settingsOf(record),
    state: plan.state,
    version: Number(plan.version),
    createdAt: plan.created_at,
    updatedAt: plan.updated_at,
    releasedAt: plan.released_at,
    phase: plan.phase,
    dueAt: plan.due_at,
    requestDueAt: plan.request_due_at,
    releaseEndsAt: plan.release_ends_at,
    pendingRequest: record.pendingRequest,
    items: record.items.map((i) => ({ kind: i.kind, id: i.itemId, addedAt: i.addedAt })),
    recipients: record.recipients.map((r) => ({
      contactId: r.contact_id,
      addedAt: r.added_at,
      letter:
        r.letter_id && r.letter_sealed && r.letter_owner_dek && r.letter_updated_at
          ? {
              id: r.letter_id,
              sealed: r.letter_sealed,
              ownerDek: r.letter_owner_dek,
              updatedAt: r.letter_updated_at,
            }
          : null,
      wraps: r.wraps.map((w) => ({ kind: w.kind, id: w.itemId, keyFingerprint: w.keyFingerprint })),
      statement:
        r.statement_version !== null && r.statement_fingerprint && r.statement_signed_at
          ? {
              version: Number(r.statement_version),
              keyFingerprint: r.statement_fingerprint,
              signedAt: r.statement_signed_at,
              items: statementItems(r.statement),
            }
          : null,
      releasedAt: r.released_at,
      lastDrillAt: r.lastDrillAt,
    })),
  };
}

/** The items of a stored statement (it was checked on the way in; anything unreadable lists nothing). */
function statementItems(text: string | null): { kind: string; id: string; digest: string }[] {
  if (!text) return [];
  try {
    return parseStatement(text).items.map((i) => ({ kind: i.kind, id: i.id, digest: i.digest }));
  } catch {
    return [];
  }
}

function settingsRow(settings: LegacyPlanSettings): PlanSettingsUpdate {
  const { trigger } = settings;
  return {
    trigger: trigger.kind,
    graceDays: trigger.kind === "missedCheckIn" ? trigger.graceDays : null,
    waitingDays:
      trigger.kind === "request"
        ? trigger.waitingDays
        : trigger.kind === "missedCheckIn"
          ? (trigger.requestWaitingDays ?? null)
          : null,
    trusteesRequired: settings.trustees?.required ?? null,
    timeLimitDays: settings.timeLimitDays,
    trustees: settings.trustees?.contactIds ?? [],
  };
}

function currentFingerprint(contact: LegacyContactWithPeople): string | null {
  const pem = contact.contact?.publicKeyPem;
  if (!pem) return null;
  try {
    return publicKeyFingerprintHex(pem);
  } catch {
    return null;
  }
}

interface StatementShape {
  format: string;
  planId: string;
  kind: string;
  version: number;
  ownerId: string;
  recipient: { userId: string; keyFingerprint: string };
  items: { kind: string; id: string; digest: string }[];
}

/**
 * The members of a signed statement the server can check (it cannot check digests or the signature's meaning; the
 * recipient's browser does). A statement that does not parse is refused as invalid.
 */
function parseStatement(text: string): StatementShape {
  const invalid = () => new AppError("validation_failed", legacyPlanMessages.statementInvalid);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid();
  }
  const s = value as Partial<StatementShape> | null;
  if (
    !s ||
    typeof s !== "object" ||
    s.format !== PLAN_STATEMENT_FORMAT ||
    typeof s.planId !== "string" ||
    typeof s.kind !== "string" ||
    typeof s.version !== "number" ||
    typeof s.ownerId !== "string" ||
    typeof s.recipient?.userId !== "string" ||
    typeof s.recipient.keyFingerprint !== "string" ||
    !Array.isArray(s.items) ||
    !s.items.every(
      (i) => typeof i?.kind === "string" && typeof i.id === "string" && typeof i.digest === "string",
    )
  ) {
    throw invalid();
  }
  return s as StatementShape;
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a);
  return left.size === a.length && a.length === b.length && b.every((x) => left.has(x));
};

export function createLegacyPlansService(deps: LegacyPlansServiceDeps) {
  const { repo, clock } = deps;
  const mail = (message: Parameters<Mailer["send"]>[0]) => deps.runInBackground(deps.mailer.send(message));
  const notFound = () => new AppError("not_found", legacyPlanMessages.planNotFound);

  async function owned(caller: Caller, id: string) {
    const record = await repo.find(caller.id, id);
    if (!record) throw notFound();
    return record;
  }

  async function reload(caller: Caller, id: string) {
    return toPlan(await owned(caller, id));
  }

  /** One of the caller's contacts, in a state that can hold a role in a plan. */
  async function liveContact(caller: Caller, contactId: string) {
    const contact = await deps.contacts.findOwned(caller.id, contactId);
    const now = clock();
    const live =
      contact &&
      (contact.state === "accepted" ||
        contact.state === "confirmed" ||
        (contact.state === "invited" && Date.parse(contact.expiresAt) > now.getTime()));
    if (!contact || !live) throw new AppError("conflict", legacyPlanMessages.contactNotLive);
    return contact;
  }

  async function checkTrustees(caller: Caller, settings: LegacyPlanSettings) {
    for (const contactId of settings.trustees?.contactIds ?? []) {
      const contact = await deps.contacts.findOwned(caller.id, contactId);
      if (
        !contact ||
        (contact.state !== "accepted" && contact.state !== "confirmed" && contact.state !== "invited")
      ) {
        throw new AppError("validation_failed", legacyPlanMessages.trusteesInvalid);
      }
    }
  }

  /** A confirmed contact whose key is still the one the owner confirmed: the only kind anything is wrapped to. */
  async function wrappableContact(caller: Caller, contactId: string, keyFingerprint: string) {
    const contact = await deps.contacts.findOwned(caller.id, contactId);
    if (!contact || (contact.state !== "accepted" && contact.state !== "confirmed")) {
      throw new AppError("not_found", legacyPlanMessages.recipientNotInPlan);
    }
    if (contact.state !== "confirmed" || !contact.confirmedFingerprint || !contact.contactUserId) {
      throw new AppError("conflict", legacyPlanMessages.notConfirmed);
    }
    const current = currentFingerprint(contact);
    if (current !== contact.confirmedFingerprint || keyFingerprint !== current) {
      throw new AppError("conflict", legacyPlanMessages.keyMismatch);
    }
    return { contact, userId: contact.contactUserId };
  }

  /** Tells a recipient once that a plan was released to them, when there is something in it for them to open. */
  async function tellReleased(record: PlanRecord, contactId: string, ownerName: string) {
    const now = clock();
    if (!(await repo.markReleaseNotified(record.plan.id, contactId, now))) return;
    const contact = await deps.contacts.findOwned(record.plan.owner_id, contactId);
    if (!contact?.contactUserId || !contact.contact) return;
    await deps.notify(contact.contactUserId, "legacy-plan-shared", ownerName);
    await deps.recordActivity?.(contact.contactUserId, "legacy-plan-shared-with-me");
    await deps.recordActivity?.(record.plan.owner_id, "legacy-plan-released");
    mail(
      legacyPlanSharedMail(
        contact.contact.email,
        ownerName,
        `${deps.publicUrl}/app/shared/${record.plan.id}`,
      ),
    );
  }

  return {
    async list(caller: Caller): Promise<LegacyPlan[]> {
      return (await repo.listOwned(caller.id)).map(toPlan);
    },

    async create(
      caller: Caller,
      input: { id: string; details: string; settings: LegacyPlanSettings },
    ): Promise<LegacyPlan> {
      const now = clock();
      if ((await repo.countOwned(caller.id)) >= legacyPlanRules.maxPlans) {
        throw new AppError("conflict", legacyPlanMessages.tooManyPlans);
      }
      await checkTrustees(caller, input.settings);
      const inserted = await repo.insert(
        { id: input.id, ownerId: caller.id, details: input.details, ...settingsRow(input.settings) },
        now,
      );
      if (!inserted) throw new AppError("conflict", legacyPlanMessages.planExists);
      await deps.onPlanChanged(caller.id, input.id, { settings: true, wasShareNow: false });
      return reload(caller, input.id);
    },

    async update(
      caller: Caller,
      id: string,
      input: { details?: string | undefined; settings?: LegacyPlanSettings | undefined },
    ): Promise<LegacyPlan> {
      const record = await owned(caller, id);
      const now = clock();
      if (input.details !== undefined) await repo.updateDetails(id, input.details, now);
      if (input.settings !== undefined) {
        await checkTrustees(caller, input.settings);
        await repo.updateSettings(id, settingsRow(input.settings), now);
        await deps.onPlanChanged(caller.id, id, {
          settings: true,
          wasShareNow: record.plan.trigger === "shareNow",
        });
      }
      return reload(caller, id);
    },

    async remove(caller: Caller, id: string): Promise<void> {
      await repo.delete(caller.id, id);
    },

    async addItems(
      caller: Caller,
      id: string,
      items: readonly { kind: LegacyItemKind; id: string }[],
    ): Promise<LegacyPlan> {
      const record = await owned(caller, id);
      const present = new Set(record.items.map((i) => `${i.kind}:${i.itemId}`));
      const fresh = [...new Set(items.map((i) => `${i.kind}:${i.id}`))].filter((key) => !present.has(key));
      if (record.items.length + fresh.length > legacyPlanRules.maxItemsPerPlan) {
        throw new AppError("conflict", legacyPlanMessages.tooManyItems);
      }
      for (const item of items) {
        if (!(await deps.documentExists(caller.id, item.id))) {
          throw new AppError("not_found", legacyPlanMessages.documentNotFound);
        }
      }
      await repo.addItems(
        id,
        items.map((i) => ({ kind: i.kind, itemId: i.id })),
        clock(),
      );
      return reload(caller, id);
    },

    async removeItem(caller: Caller, id: string, kind: LegacyItemKind, itemId: string): Promise<LegacyPlan> {
      await owned(caller, id);
      if (!(await repo.removeItem(id, kind, itemId, clock()))) {
        throw new AppError("not_found", legacyPlanMessages.itemNotInPlan);
      }
      return reload(caller, id);
    },

    async addRecipient(caller: Caller, id: string, contactId: string): Promise<LegacyPlan> {
      const record = await owned(caller, id);
      await liveContact(caller, contactId);
      if (
        !record.recipients.some((r) => r.contact_id === contactId) &&
        record.recipients.length >= legacyPlanRules.maxRecipientsPerPlan
      ) {
        throw new AppError("conflict", legacyPlanMessages.tooManyRecipients);
      }
      await repo.addRecipient(id, contactId, clock());
      return reload(caller, id);
    },

    async removeRecipient(caller: Caller, id: string, contactId: string): Promise<LegacyPlan> {
      await owned(caller, id);
      if (!(await repo.removeRecipient(id, contactId, clock()))) {
        throw new AppError("not_found", legacyPlanMessages.recipientNotInPlan);
      }
      return reload(caller, id);
    },

    async saveLetter(caller: Caller, id: string, contactId: string, letter: LegacyLetter | null) {
      const record = await owned(caller, id);
      if (!record.recipients.some((r) => r.contact_id === contactId)) {
        throw new AppError("not_found", legacyPlanMessages.recipientNotInPlan);
      }
      await repo.setLetter(id, contactId, letter, clock());
      return reload(caller, id);
    },

    async uploadWraps(caller: Caller, id: string, contactId: string, input: LegacyWrapsUpload) {
      const record = await owned(caller, id);
      const recipient = record.recipients.find((r) => r.contact_id === contactId);
      if (!recipient) throw new AppError("not_found", legacyPlanMessages.recipientNotInPlan);
      const keyFingerprint = input.keyFingerprint.trim().toLowerCase();
      const { userId } = await wrappableContact(caller, contactId, keyFingerprint);
      if (input.version !== Number(record.plan.version)) {
        throw new AppError("conflict", legacyPlanMessages.staleVersion);
      }
      // What the recipient must then hold: every item of the plan, and their letter.
      const expected = [
        ...record.items.map((i) => `${i.kind}:${i.itemId}`),
        ...(recipient.letter_id ? [`letter:${recipient.letter_id}`] : []),
      ];
      const incoming = input.wraps.map((w) => `${w.kind}:${w.id}`);
      if (new Set(incoming).size !== incoming.length || incoming.some((key) => !expected.includes(key))) {
        throw new AppError("conflict", legacyPlanMessages.itemNotInPlan);
      }
      const kept = recipient.wraps
        .filter((w) => w.keyFingerprint === keyFingerprint)
        .map((w) => `${w.kind}:${w.itemId}`);
      const held = [...new Set([...kept, ...incoming])].filter((key) => expected.includes(key));
      const statement = parseStatement(input.statement.statement);
      if (
        statement.planId !== id ||
        statement.kind !== "release" ||
        statement.version !== input.version ||
        statement.ownerId !== caller.id ||
        statement.recipient.userId !== userId ||
        statement.recipient.keyFingerprint !== keyFingerprint ||
        !sameSet(
          statement.items.map((i) => `${i.kind}:${i.id}`),
          expected,
        ) ||
        !sameSet(held, expected)
      ) {
        throw new AppError("conflict", legacyPlanMessages.statementMismatch);
      }
      const stored = await repo.storeWraps(
        id,
        contactId,
        {
          version: input.version,
          keyFingerprint,
          wraps: input.wraps.map((w) => ({ kind: w.kind, itemId: w.id, wrappedDek: w.wrappedDek })),
          statement: input.statement.statement,
          signature: input.statement.signatureB64,
        },
        clock(),
      );
      if (!stored) throw new AppError("conflict", legacyPlanMessages.staleVersion);
      if (record.plan.state === "released") await tellReleased(record, contactId, caller.name);
      return reload(caller, id);
    },

    async sendDrill(caller: Caller, id: string, input: LegacyDrillCreate) {
      const record = await owned(caller, id);
      if (!record.recipients.some((r) => r.contact_id === input.contactId)) {
        throw new AppError("not_found", legacyPlanMessages.recipientNotInPlan);
      }
      const keyFingerprint = input.keyFingerprint.trim().toLowerCase();
      const { contact, userId } = await wrappableContact(caller, input.contactId, keyFingerprint);
      const statement = parseStatement(input.statement.statement);
      if (
        statement.planId !== id ||
        statement.kind !== "drill" ||
        statement.ownerId !== caller.id ||
        statement.recipient.userId !== userId ||
        statement.recipient.keyFingerprint !== keyFingerprint ||
        statement.items.length !== 1 ||
        statement.items[0]?.kind !== "drill" ||
        statement.items[0]?.id !== input.id
      ) {
        throw new AppError("conflict", legacyPlanMessages.statementMismatch);
      }
      const now = clock();
      try {
        await repo.insertDrill(
          {
            id: input.id,
            plan_id: id,
            contact_id: input.contactId,
            sealed: input.sealed,
            wrapped_dek: input.wrappedDek,
            key_fingerprint: keyFingerprint,
            statement: input.statement.statement,
            statement_signature: input.statement.signatureB64,
            expires_at: new Date(now.getTime() + legacyPlanRules.drillLifetimeDays * dayMs).toISOString(),
          },
          now,
        );
      } catch {
        throw new AppError("conflict", legacyPlanMessages.planExists);
      }
      await deps.notify(userId, "legacy-drill-received", caller.name);
      await deps.recordActivity?.(userId, "legacy-drill-received");
      await deps.recordActivity?.(caller.id, "legacy-drill-sent", caller.userAgent);
      if (contact.contact) {
        mail(legacyDrillMail(contact.contact.email, caller.name, `${deps.publicUrl}/app/shared/${input.id}`));
      }
      return reload(caller, id);
    },

    /** The release engine released a plan: each recipient who holds something to open is told, once. */
    async announceRelease(ownerId: string, planId: string) {
      const record = await repo.find(ownerId, planId);
      if (!record) return;
      const ownerName = await deps.ownerName(ownerId);
      for (const recipient of record.recipients) {
        if (recipient.wraps.length) await tellReleased(record, recipient.contact_id, ownerName);
      }
    },

    /** A contact's role ended (revoked or left): every wrap, statement, letter, grant and drill for them goes. */
    async onRoleEnded(contact: { id: string }) {
      await repo.removeContact(contact.id);
    },

    async listShared(caller: Caller): Promise<LegacySharedList> {
      const now = clock();
      const [shared, naming] = await Promise.all([
        repo.listShared(caller.id, now),
        repo.listNaming(caller.id),
      ]);
      // Each owner's key is read once, however many of their plans name this person.
      const keys = new Map<string, Promise<string | null>>();
      const ownerKey = (ownerId: string) => {
        const key = keys.get(ownerId) ?? deps.publicKeyOf(ownerId);
        keys.set(ownerId, key);
        return key;
      };
      return {
        shared: shared.map((s) => ({
          id: s.id,
          kind: s.kind,
          owner: { name: s.ownerName, email: s.ownerEmail },
          releasedAt: s.releasedAt,
          expiresAt: s.expiresAt,
          itemCount: s.documents.length + (s.letter ? 1 : 0),
        })),
        plans: await Promise.all(
          naming.map(async (p) => {
            const takesRequests =
              p.recipient &&
              p.contact_state === "confirmed" &&
              planTakesRequests({ trigger: p.trigger, waitingDays: p.waiting_days });
            return {
              planId: p.id,
              ownerId: p.owner_id,
              ownerName: p.owner_name,
              ownerPublicKeyPem: takesRequests ? await ownerKey(p.owner_id) : null,
              trigger: p.trigger,
              state: p.state,
              releasedAt: p.released_at,
              phase: p.phase,
              takesRequests,
              trustee: p.trustee,
              awaitingMyAnswer: p.trustee && p.phase === "awaitingTrustees" && !p.answered,
            };
          }),
        ),
      };
    },

    async getShared(caller: Caller, id: string): Promise<LegacyShared> {
      const shared = await repo.findShared(caller.id, id, clock());
      const signingPublicKeyPem = shared && (await deps.signingKeyOf(shared.ownerId));
      if (!shared || !signingPublicKeyPem) throw new AppError("not_found", legacyPlanMessages.shareNotFound);
      return {
        id: shared.id,
        kind: shared.kind,
        owner: {
          id: shared.ownerId,
          name: shared.ownerName,
          email: shared.ownerEmail,
          signingPublicKeyPem,
        },
        releasedAt: shared.releasedAt,
        expiresAt: shared.expiresAt,
        itemCount: shared.documents.length + (shared.letter ? 1 : 0),
        statement:
          shared.statement && shared.statementSignature
            ? { statement: shared.statement, signatureB64: shared.statementSignature }
            : null,
        letter: shared.letter,
        history:
          shared.kind === "release"
            ? (await deps.historyOf(shared.planId)).map((e) => ({ ...e, contactId: null }))
            : [],
        documents: await Promise.all(
          shared.documents.map(async (d) => ({
            ...d,
            objects: await deps.documentObjects(shared.ownerId, d.id),
          })),
        ),
      };
    },

    /** storage RecipientAccess: reads of a released document's content objects, never its owner key or labels. */
    async mayRead(input: {
      recipientId: string;
      ownerId: string;
      fullPath: string;
      documentId: string | undefined;
    }) {
      if (!input.documentId) return false;
      const prefix = `users/${input.ownerId}/documents/${input.documentId}/`;
      if (!input.fullPath.startsWith(prefix)) return false;
      const rest = input.fullPath.slice(prefix.length);
      if (!/^v[1-9][0-9]*\/(header|manifest|chunks\/[0-9]{8})$/.test(rest)) return false;
      return repo.mayReadDocument(input.recipientId, input.ownerId, input.documentId, clock());
    },
  };
}

export type LegacyPlansService = ReturnType<typeof createLegacyPlansService>;
