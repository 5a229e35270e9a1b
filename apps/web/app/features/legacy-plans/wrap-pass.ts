import type { LegacyContact, LegacyPlan, LegacyWrapsUpload } from "@heirloom/contract";
import type { DekBytes, ManifestRecipient, PlanStatement, SignedManifest } from "@heirloom/crypto";
import { documentsToAddByRules } from "./label-rules.ts";
import { desiredFor, desiredManifestRecipients, sameRecipients } from "./manifest-recipients.ts";
import type { PlanDetailsContent } from "./plan-details.ts";
import { needsWork, recipientNeeds } from "./recipient-needs.ts";
import { releaseStatement } from "./statements.ts";
import type { ContactWrapState } from "./wrappability.ts";

// [Note: One pass of the wrap queue]
// Everything is derived from the server's answers each time, so a pass can stop anywhere (a reload, a sign-out) and
// the next one picks up where it stopped:
//   1. plan items whose document was deleted from the vault are taken out of the plan (told once);
//   2. label rules add the documents that now carry their label;
//   3. every complete document's manifest is re-signed if it does not name exactly its wrappable recipients;
//   4. for each wrappable recipient with items not wrapped to their confirmed key, or a statement older than the plan
//      or for another key: the missing DEKs are wrapped, the statement is signed for every item and the letter, and
//      both go up together. A 409 "plan changed" starts the pass again from fresh answers.
// Steps 1 and 2 change the plan (its version goes up), so they come before anything is signed.

/** A document as the pass needs it (features/documents' DocumentEntry fits). */
export interface PassDocument {
  readonly documentId: string;
  readonly status: "ready" | "incomplete" | "damaged";
  readonly name: string;
  readonly labels: readonly string[];
  readonly manifest?: SignedManifest;
}

export interface WrapPassDeps<D extends PassDocument> {
  readonly ownerId: string;
  listPlans(): Promise<LegacyPlan[]>;
  listContacts(): Promise<LegacyContact[]>;
  /** The decrypted document list: `fresh` asks for it to be listed again rather than taken from the cache. */
  documents(fresh: boolean): Promise<D[]>;
  /** Whether the document list has been read in this tab already (the pass lists it only when it must). */
  documentsLoaded(): boolean;
  wrapState(contact: LegacyContact): Promise<ContactWrapState>;
  planDetails(plan: LegacyPlan): Promise<PlanDetailsContent | null>;
  documentIsStored(documentId: string): Promise<boolean>;
  removeItem(planId: string, documentId: string): Promise<LegacyPlan>;
  addItems(planId: string, documentIds: string[]): Promise<LegacyPlan>;
  setManifestRecipients(document: D, recipients: readonly ManifestRecipient[]): Promise<SignedManifest>;
  /** The document's DEK bytes (the pass zeroes them at the end). */
  documentDek(documentId: string): Promise<DekBytes>;
  /** A letter's DEK bytes, from the owner's copy. */
  letterDek(letter: { id: string; ownerDek: string }): Promise<DekBytes>;
  wrapDek(publicKeyPem: string, dek: DekBytes): Promise<string>;
  contentDigest(manifest: SignedManifest): Promise<string>;
  textDigest(text: string): Promise<string>;
  signStatement(statement: PlanStatement): Promise<{ statement: PlanStatement; signatureB64: string }>;
  uploadWraps(planId: string, contactId: string, body: LegacyWrapsUpload): Promise<LegacyPlan>;
  /** True for the server's "the plan changed" answer to an upload. */
  isStaleVersion(error: unknown): boolean;
  describeError(error: unknown): string;
}

export interface PassProgress {
  readonly done: number;
  readonly total: number;
}

export interface PassProblem {
  /** Null for a document that is in no plan (its manifest still named someone). */
  readonly planId: string | null;
  readonly contactId: string | null;
  readonly documentId: string | null;
  readonly text: string;
}

export interface PassOutcome {
  /** Plans as they stand after the pass. */
  readonly plans: LegacyPlan[];
  readonly contacts: LegacyContact[];
  readonly states: ReadonlyMap<string, ContactWrapState>;
  /** Each plan's opened details (null when they do not open). */
  readonly details: ReadonlyMap<string, PlanDetailsContent | null>;
  /** Plan items removed because their document was deleted: (plan id, document id). */
  readonly removed: { planId: string; documentId: string }[];
  /** Documents added by label rules. */
  readonly added: { planId: string; documentId: string }[];
  readonly problems: PassProblem[];
  readonly progress: PassProgress;
}

const MAX_RESTARTS = 3;

/** Whether the pass has anything to look at in the documents: items in a plan, or a label rule to apply. */
const plansNeedDocuments = (plans: readonly LegacyPlan[]) => plans.some((p) => p.items.length > 0);

export async function runWrapPass<D extends PassDocument>(
  deps: WrapPassDeps<D>,
  onProgress: (progress: PassProgress) => void,
): Promise<PassOutcome> {
  const removed: PassOutcome["removed"] = [];
  const added: PassOutcome["added"] = [];
  const deks = new Map<string, DekBytes>();
  let progress: PassProgress = { done: 0, total: 0 };
  const step = (doneMore: number, totalMore = 0) => {
    progress = { done: progress.done + doneMore, total: progress.total + totalMore };
    onProgress(progress);
  };
  try {
    for (let attempt = 0; ; attempt++) {
      const problems: PassProblem[] = [];
      let [plans, contacts] = await Promise.all([deps.listPlans(), deps.listContacts()]);
      const states = new Map<string, ContactWrapState>();
      for (const contact of contacts) {
        if (plans.some((p) => p.recipients.some((r) => r.contactId === contact.id))) {
          states.set(contact.id, await deps.wrapState(contact));
        }
      }
      const details = new Map<string, PlanDetailsContent | null>();
      for (const plan of plans) details.set(plan.id, await deps.planDetails(plan));
      const hasRules = [...details.values()].some((d) => (d?.labels.length ?? 0) > 0);
      const needsDocs = plansNeedDocuments(plans) || hasRules || deps.documentsLoaded();
      if (!needsDocs) return { plans, contacts, states, details, removed, added, problems, progress };
      let documents = await deps.documents(false);

      // 1. Items whose document is gone. The cached list may be older than the plan (a document added in another
      // tab), so a document missing from it is looked up in storage before anything is removed.
      const replace = (plan: LegacyPlan) => {
        plans = plans.map((p) => (p.id === plan.id ? plan : p));
      };
      let listed = new Set(documents.map((d) => d.documentId));
      const missing = plans.some((p) => p.items.some((i) => !listed.has(i.id)));
      if (missing && attempt === 0) {
        documents = await deps.documents(true);
        listed = new Set(documents.map((d) => d.documentId));
      }
      for (const plan of [...plans]) {
        for (const item of plan.items) {
          if (listed.has(item.id) || (await deps.documentIsStored(item.id))) continue;
          try {
            replace(await deps.removeItem(plan.id, item.id));
            removed.push({ planId: plan.id, documentId: item.id });
          } catch (error) {
            problems.push({
              planId: plan.id,
              contactId: null,
              documentId: item.id,
              text: deps.describeError(error),
            });
          }
        }
      }

      // 2. Label rules.
      for (const plan of [...plans]) {
        const rules = details.get(plan.id);
        if (!rules || rules.labels.length === 0) continue;
        const toAdd = documentsToAddByRules(new Set(plan.items.map((i) => i.id)), rules, documents);
        if (toAdd.length === 0) continue;
        try {
          replace(await deps.addItems(plan.id, toAdd));
          for (const documentId of toAdd) added.push({ planId: plan.id, documentId });
        } catch (error) {
          problems.push({
            planId: plan.id,
            contactId: null,
            documentId: null,
            text: deps.describeError(error),
          });
        }
      }

      // What is to be done, counted before it is done so the page can show "n of m".
      const desired = desiredManifestRecipients(plans, states);
      const resign = documents.filter(
        (d) =>
          d.status === "ready" &&
          d.manifest &&
          !sameRecipients(d.manifest.manifest.recipients, desiredFor(desired, d.documentId)),
      );
      // A document renamed since a statement was signed has another content digest: that statement is re-signed.
      const currentDigests = new Map<string, string>();
      for (const document of documents) {
        if (document.manifest && plans.some((p) => p.items.some((i) => i.id === document.documentId))) {
          currentDigests.set(`document:${document.documentId}`, await deps.contentDigest(document.manifest));
        }
      }
      const work = plans.flatMap((plan) =>
        plan.recipients.flatMap((recipient) => {
          const state = states.get(recipient.contactId);
          if (!state?.wrappable) return [];
          const needs = recipientNeeds(plan, recipient, state.fingerprint, currentDigests);
          return needsWork(needs, recipient.statement !== null) ? [{ plan, recipient, state, needs }] : [];
        }),
      );
      step(0, resign.length + work.reduce((sum, w) => sum + w.needs.pending.length + 1, 0));

      // 3. Manifests name exactly their wrappable recipients.
      const manifests = new Map(documents.map((d) => [d.documentId, d.manifest]));
      for (const document of resign) {
        try {
          manifests.set(
            document.documentId,
            await deps.setManifestRecipients(document, desiredFor(desired, document.documentId)),
          );
        } catch (error) {
          problems.push({
            planId: plans.find((p) => p.items.some((i) => i.id === document.documentId))?.id ?? null,
            contactId: null,
            documentId: document.documentId,
            text: deps.describeError(error),
          });
        }
        step(1);
      }

      // 4. Wraps and statements, one recipient at a time.
      const ready = new Map(documents.filter((d) => d.status === "ready").map((d) => [d.documentId, d]));
      let restart = false;
      for (const { plan, recipient, state, needs } of work) {
        const notReady = plan.items.filter((i) => !ready.has(i.id) || !manifests.get(i.id));
        if (notReady.length > 0) {
          for (const item of notReady) {
            problems.push({
              planId: plan.id,
              contactId: recipient.contactId,
              documentId: item.id,
              text: "A document in this plan is not complete or cannot be verified, so it cannot be prepared. Remove it from the plan, or upload it again.",
            });
          }
          step(needs.pending.length + 1);
          continue;
        }
        try {
          const wraps: LegacyWrapsUpload["wraps"] = [];
          for (const ref of needs.pending) {
            let dek: DekBytes;
            if (ref.kind === "document") {
              const known = deks.get(ref.id);
              dek = known ?? (await deps.documentDek(ref.id));
              if (!known) deks.set(ref.id, dek);
            } else {
              const letter = recipient.letter;
              if (!letter || letter.id !== ref.id)
                throw new Error("The letter changed while it was being prepared.");
              dek = await deps.letterDek(letter);
              deks.set(`letter:${letter.id}`, dek);
            }
            wraps.push({
              kind: ref.kind,
              id: ref.id,
              wrappedDek: await deps.wrapDek(state.publicKeyPem, dek),
            });
            step(1);
          }
          const documentDigests = [];
          for (const item of plan.items) {
            const manifest = manifests.get(item.id);
            if (!manifest) throw new Error("A document's manifest is missing.");
            documentDigests.push({ id: item.id, digest: await deps.contentDigest(manifest) });
          }
          const letter = recipient.letter;
          const signed = await deps.signStatement(
            releaseStatement({
              planId: plan.id,
              version: plan.version,
              ownerId: deps.ownerId,
              recipient: { userId: state.userId, keyFingerprint: state.fingerprint },
              documents: documentDigests,
              letter: letter ? { id: letter.id, digest: await deps.textDigest(letter.sealed) } : null,
            }),
          );
          const saved = await deps.uploadWraps(plan.id, recipient.contactId, {
            version: plan.version,
            keyFingerprint: state.fingerprint,
            wraps,
            statement: { statement: JSON.stringify(signed.statement), signatureB64: signed.signatureB64 },
          });
          replace(saved);
          step(1);
        } catch (error) {
          if (deps.isStaleVersion(error) && attempt < MAX_RESTARTS) {
            restart = true;
            break;
          }
          problems.push({
            planId: plan.id,
            contactId: recipient.contactId,
            documentId: null,
            text: deps.describeError(error),
          });
        }
      }
      if (restart) {
        // The plan changed under us: count again from fresh answers (what was done stays done).
        progress = { done: 0, total: 0 };
        continue;
      }
      return { plans, contacts, states, details, removed, added, problems, progress };
    }
  } finally {
    for (const dek of deks.values()) dek.fill(0);
  }
}
