import type { DekBytes } from "@heirloom/crypto";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import {
  documentIsStored,
  openDocumentDekBytes,
  setManifestRecipients,
} from "#app/features/documents/sharing.ts";
import { callApi } from "#app/lib/api.ts";
import { apiKey, getQueryClient } from "#app/lib/query.tsx";
import { documentsQuery } from "./documents-query.ts";
import { planDetailsOf, wrapStateOf } from "./owner-cache.ts";
import { type OwnerKeys, openOwnerKeys } from "./owner-keys.ts";
import { type PassOutcome, type PassProgress, runWrapPass, type WrapPassDeps } from "./wrap-pass.ts";
import { describeError, isStaleVersion, putPlan, readPlansForPass } from "./wrap-queue.ts";

// The wrap queue's pass wired to this tab: the API, storage, the crypto workers and the query cache. Loaded on the
// first pass, so the signed-in shell that starts the queue stays light.

function patchDocument(documentId: string, change: Partial<DocumentEntry>) {
  getQueryClient().setQueryData<DocumentEntry[]>(documentsQuery.queryKey, (list) =>
    list?.map((d) => (d.documentId === documentId ? { ...d, ...change } : d)),
  );
}

function passDeps(keys: OwnerKeys): WrapPassDeps<DocumentEntry> {
  const { api } = keys.crypto;
  const client = getQueryClient();
  return {
    ownerId: keys.account.userId,
    listPlans: () => readPlansForPass(() => callApi("listLegacyPlans")),
    async listContacts() {
      const list = await callApi("listLegacyContacts");
      client.setQueryData(apiKey("listLegacyContacts"), list);
      return list.contacts;
    },
    documents: (fresh) =>
      fresh ? client.fetchQuery({ ...documentsQuery, staleTime: 0 }) : client.ensureQueryData(documentsQuery),
    documentsLoaded: () => client.getQueryData(documentsQuery.queryKey) !== undefined,
    wrapState: (contact) => wrapStateOf(keys, contact),
    planDetails: (plan) => planDetailsOf(keys, plan),
    documentIsStored: (documentId) => documentIsStored(documentId),
    async removeItem(planId, documentId) {
      const plan = await callApi("removeLegacyPlanItem", {
        params: { id: planId, kind: "document", itemId: documentId },
      });
      putPlan(plan);
      return plan;
    },
    async addItems(planId, documentIds) {
      const plan = await callApi("addLegacyPlanItems", {
        params: { id: planId },
        body: { items: documentIds.map((id) => ({ kind: "document" as const, id })) },
      });
      putPlan(plan);
      return plan;
    },
    async setManifestRecipients(document, recipients) {
      const manifest = await setManifestRecipients(document, recipients);
      patchDocument(document.documentId, { manifest });
      return manifest;
    },
    documentDek: (documentId) => openDocumentDekBytes(documentId),
    letterDek: (letter): Promise<DekBytes> =>
      api.unwrapDekForOwner(keys.account.accountKey, letter.ownerDek, {
        userId: keys.account.userId,
        itemId: letter.id,
      }),
    wrapDek: (publicKeyPem, dek) => api.wrapDekForRecipient(publicKeyPem, dek),
    contentDigest: (manifest) => api.manifestContentDigestHex(manifest.manifest),
    textDigest: (text) => api.sha256HexOfText(text),
    signStatement: (statement) => api.signPlanStatement(keys.account.signingKey, statement),
    async uploadWraps(planId, contactId, body) {
      const plan = await callApi("uploadLegacyWraps", { params: { id: planId, contactId }, body });
      putPlan(plan);
      return plan;
    },
    isStaleVersion,
    describeError,
  };
}

/** One pass with this tab's keys. */
export async function runQueuePass(onProgress: (progress: PassProgress) => void): Promise<PassOutcome> {
  const keys = await openOwnerKeys();
  return runWrapPass(passDeps(keys), onProgress);
}
