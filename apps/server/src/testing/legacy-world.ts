import { randomBytes } from "node:crypto";
import type { NotificationKind } from "@heirloom/contract";
import type { Database } from "../db/database.ts";
import { createAccountKeysRepo } from "../db/repos/account-keys.repo.ts";
import { createLegacyContactsRepo } from "../db/repos/legacy-contacts.repo.ts";
import { createLegacyEngineRepo } from "../db/repos/legacy-engine.repo.ts";
import { createLegacyPlansRepo } from "../db/repos/legacy-plans.repo.ts";
import { createNotificationsRepo } from "../db/repos/notifications.repo.ts";
import { createUsersRepo } from "../db/repos/users.repo.ts";
import { createLegacySweep, sweepBatchSize, sweepLanes } from "../jobs/legacy-sweep.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { Caller } from "../services/account.service.ts";
import { createLegacyContactsService } from "../services/legacy-contacts.service.ts";
import { createLegacyEngineService } from "../services/legacy-engine.service.ts";
import { createLegacyPlansService } from "../services/legacy-plans.service.ts";
import { createNotificationsService } from "../services/notifications.service.ts";
import { createOneClickLinks } from "../services/one-click-links.ts";
import { publicKeyFingerprintHex } from "../services/public-key-fingerprint.ts";

export const sealed = () => `v1.${randomBytes(12).toString("base64")}:${randomBytes(40).toString("base64")}`;
export const wrap = () => `v1.${randomBytes(512).toString("base64")}`;

/** A plan statement as the owner's browser writes it (docs/file-format.md); the signature is not the server's to check. */
export function statementFor(input: {
  planId: string;
  version: number;
  ownerId: string;
  userId: string;
  keyFingerprint: string;
  items: { kind: string; id: string }[];
  kind?: "release" | "drill";
}) {
  return {
    statement: JSON.stringify({
      format: "heirloom/plan-statement/v1",
      planId: input.planId,
      kind: input.kind ?? "release",
      version: input.version,
      ownerId: input.ownerId,
      recipient: { userId: input.userId, keyFingerprint: input.keyFingerprint },
      items: input.items.map((i) => ({ ...i, digest: "ab".repeat(32) })),
    }),
    signatureB64: `${randomBytes(64).toString("base64")}`,
  };
}

/**
 * Test-only: the legacy services (contacts, plans, the release engine and its sweep) over a real database, with a
 * clock the test moves, mail and texts kept in memory, and documents the test says are stored.
 */
export function legacyWorld(
  database: Database,
  startIso = "2026-06-01T09:00:00.000Z",
  options: { sweepBatchSize?: number; keepMails?: boolean } = {},
) {
  let now = Date.parse(startIso);
  const clock = () => new Date(now);
  const mails: MailMessage[] = [];
  // keepMails false (the sweep's bench): mail is counted and let go of, as a mailer that sent it would.
  let mailsSent = 0;
  /** Every mail with the clock's time when it was handed to the mailer. */
  const mailLog: { at: number; mail: MailMessage }[] = [];
  const texts: { userId: string; body: string }[] = [];
  const documents = new Map<string, Set<string>>();
  const db = database.db;
  const notifications = createNotificationsService({
    repo: createNotificationsRepo(db, database.dialect),
    clock,
  });
  const notify = (userId: string, kind: NotificationKind, detail: string) =>
    notifications.notify(userId, kind, detail);
  const mailer = {
    kind: "outbox" as const,
    send: async (m: MailMessage) => {
      mailsSent += 1;
      if (options.keepMails === false) return;
      mails.push(m);
      mailLog.push({ at: now, mail: m });
    },
    close: async () => {},
  };
  const runInBackground = (work: Promise<unknown>) => void work;
  const contactsRepo = createLegacyContactsRepo(db);
  const plansRepo = createLegacyPlansRepo(db);
  const keys = createAccountKeysRepo(db);
  const users = createUsersRepo(db, database.dialect === "postgres");
  const publicUrl = "https://vault.example";
  const fingerprintOf = async (user: Caller) =>
    publicKeyFingerprintHex((await keys.find(user.id))?.blobs.publicKeyPem ?? "");
  const contacts = createLegacyContactsService({
    repo: contactsRepo,
    keys,
    mailer,
    runInBackground,
    notify,
    clock,
    publicUrl,
    onRoleEnded: async (contact) => plans.onRoleEnded(contact),
  });
  const plans = createLegacyPlansService({
    repo: plansRepo,
    contacts: contactsRepo,
    documentExists: async (ownerId, id) => documents.get(ownerId)?.has(id) ?? false,
    documentObjects: async (ownerId, id) => [
      { path: `users/${ownerId}/documents/${id}/v1/header`, size: 100 },
    ],
    signingKeyOf: async (userId) => (await keys.find(userId))?.blobs.signingPublicKeyPem ?? null,
    publicKeyOf: async (userId) => (await keys.find(userId))?.blobs.publicKeyPem ?? null,
    ownerName: async (userId) => (await users.findById(userId))?.name ?? "Someone",
    historyOf: (planId) => engineRepo.events(planId),
    onPlanChanged: (ownerId, planId, change) => engine.planChanged(ownerId, planId, change),
    mailer,
    runInBackground,
    notify,
    clock,
    publicUrl,
  });
  const engineRepo = createLegacyEngineRepo(db, database.dialect);
  const engine = createLegacyEngineService({
    repo: engineRepo,
    plans: plansRepo,
    contacts: contactsRepo,
    sendText: async (userId, body) => void texts.push({ userId, body }),
    announceRelease: (ownerId, planId) => plans.announceRelease(ownerId, planId),
    mailer,
    runInBackground,
    notify,
    clock,
    publicUrl,
    links: createOneClickLinks("legacy world secret"),
  });
  // The sweep as the server runs it on this database (three lanes on PostgreSQL), in batches of the test's size.
  const sweep = createLegacySweep({
    repo: engineRepo,
    engine,
    clock,
    lanes: sweepLanes(database.dialect),
    batchSize: options.sweepBatchSize ?? sweepBatchSize(database.dialect),
    onError: (error) => {
      throw error;
    },
  });
  return {
    clock,
    setNow: (iso: string | number) => {
      now = typeof iso === "number" ? iso : Date.parse(iso);
    },
    advance: (ms: number) => {
      now += ms;
      return new Date(now);
    },
    mails,
    mailLog,
    /** Every mail handed to the mailer, kept or not. */
    mailsSent: () => mailsSent,
    texts,
    notifications,
    contacts,
    plans,
    engine,
    engineRepo,
    plansRepo,
    sweep,
    /** `person` invited by `owner`, accepted and (unless told otherwise) confirmed: the contact id. */
    async confirmedContact(owner: Caller, person: Caller, options: { confirm?: boolean } = {}) {
      const invited = await contacts.invite(owner, { email: person.email, details: sealed() });
      const mail = mails.filter((m) => m.to === person.email).at(-1);
      const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
      if (!token) throw new Error(`no invitation mailed to ${person.email}`);
      await contacts.accept(person, token);
      if (options.confirm !== false) {
        await contacts.confirm(owner, invited.id, {
          fingerprintHex: await fingerprintOf(person),
          signature: randomBytes(64).toString("base64"),
        });
      }
      return invited.id;
    },
    /** Wraps every item (and the letter) of the plan to `person` under a matching statement. */
    async wrapAll(owner: Caller, person: Caller, planId: string, contactId: string) {
      const plan = (await plans.list(owner)).find((p) => p.id === planId);
      const recipient = plan?.recipients.find((r) => r.contactId === contactId);
      if (!plan || !recipient) throw new Error("no such plan or recipient");
      const keyFingerprint = await fingerprintOf(person);
      const items = [
        ...plan.items.map((i) => ({ kind: i.kind as string, id: i.id })),
        ...(recipient.letter ? [{ kind: "letter", id: recipient.letter.id }] : []),
      ];
      return plans.uploadWraps(owner, planId, contactId, {
        version: plan.version,
        keyFingerprint,
        wraps: items.map((i) => ({ kind: i.kind as "document" | "letter", id: i.id, wrappedDek: wrap() })),
        statement: statementFor({
          planId,
          version: plan.version,
          ownerId: owner.id,
          userId: person.id,
          keyFingerprint,
          items,
        }),
      });
    },
    store(user: Caller, id: string) {
      const set = documents.get(user.id) ?? new Set();
      set.add(id);
      documents.set(user.id, set);
      return id;
    },
  };
}
