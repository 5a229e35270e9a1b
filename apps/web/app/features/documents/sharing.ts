import type { DekBytes, ManifestRecipient, SignedManifest } from "@heirloom/crypto";
import type { DocumentEntry } from "./documents.ts";
import { getObject, listFolder, putObject, utf8 } from "./documents.ts";
import { documentPaths, fileIdOf, manifestFileIdOf } from "./layout.ts";
import { openSmall, openVault, sealSmall } from "./vault.ts";

// What sharing a document with a legacy recipient needs from storage (docs/architecture.md section 7): the DEK's
// bytes, to wrap them to the recipient's public key, and the signed manifest re-signed with its recipients changed,
// written exactly as an upload writes it (v{n}/manifest: {manifest, signatureB64} sealed under the DEK).

const textDecoder = new TextDecoder("utf-8", { fatal: true });

/**
 * The document's DEK as bytes, opened from its `key` object with the account key. Only for wrapping it to a
 * recipient; the caller zeroes it when done.
 */
export async function openDocumentDekBytes(documentId: string, signal?: AbortSignal): Promise<DekBytes> {
  const vault = await openVault();
  const wrapped = textDecoder.decode(
    await getObject(documentPaths(vault.account.userId, documentId).key, { signal }),
  );
  return vault.crypto.api.unwrapDekForOwner(vault.account.accountKey, wrapped, {
    userId: vault.account.userId,
    itemId: documentId,
  });
}

export class ManifestChangedError extends Error {
  constructor() {
    super("This document changed since your document list was read. Reload the page and try again.");
    this.name = "ManifestChangedError";
  }
}

/**
 * Re-signs a complete document's manifest so that it names exactly `recipients`. The stored manifest is read again
 * (another tab may have re-signed it), must verify against this account's signing key and describe the same content
 * as the verified entry; nothing is written when it already names exactly these recipients. Returns the manifest now
 * stored.
 */
export async function setManifestRecipients(
  entry: DocumentEntry,
  recipients: readonly ManifestRecipient[],
  signal?: AbortSignal,
): Promise<SignedManifest> {
  if (!entry.dekKey || !entry.manifest || entry.status !== "ready") {
    throw new Error("Only a complete, verified document can be shared.");
  }
  const vault = await openVault();
  const { api } = vault.crypto;
  const paths = documentPaths(vault.account.userId, entry.documentId, entry.version);
  const manifestFileId = manifestFileIdOf(entry.documentId, entry.version);
  const stored = JSON.parse(
    textDecoder.decode(
      await openSmall(vault, entry.dekKey, manifestFileId, await getObject(paths.manifest, { signal })),
    ),
  ) as SignedManifest;
  const m = stored.manifest;
  const verified =
    (await api.verifyManifest(vault.account.signingPublicKeyPem, stored)) &&
    m.documentId === entry.documentId &&
    m.version === entry.version &&
    m.fileId === fileIdOf(entry.documentId, entry.version) &&
    m.ownerId === vault.account.userId;
  if (
    !verified ||
    (await api.manifestContentDigestHex(m)) !== (await api.manifestContentDigestHex(entry.manifest.manifest))
  ) {
    throw new ManifestChangedError();
  }
  const want = new Set(recipients.map((r) => `${r.userId}\u0000${r.keyFingerprint}`));
  if (
    m.recipients.length === want.size &&
    m.recipients.every((r) => want.has(`${r.userId}\u0000${r.keyFingerprint}`))
  ) {
    return stored;
  }
  const signed = await api.signManifest(vault.account.signingKey, {
    ...m,
    recipients: recipients.map((r) => ({ userId: r.userId, keyFingerprint: r.keyFingerprint })),
  });
  const sealed = await sealSmall(vault, entry.dekKey, manifestFileId, utf8(JSON.stringify(signed)));
  await putObject(paths.manifest, [sealed], { signal });
  return signed;
}

/** Whether any object of the document is still stored (a plan item whose folder is empty was deleted). */
export async function documentIsStored(documentId: string, signal?: AbortSignal): Promise<boolean> {
  const vault = await openVault();
  return (await listFolder(vault, documentId, signal)) !== undefined;
}
