import { type DekBytes, type DekKey, digestHex, type SignedManifest } from "@heirloom/crypto";
import { mapLimited } from "#app/lib/concurrency.ts";
import {
  completeVersion,
  documentPaths,
  documentsFolder,
  fileIdOf,
  foldersFromListing,
  labelsFileIdOf,
  manifestFileIdOf,
  type StoredFolder,
} from "./layout.ts";
import { type RetryOptions, withRetry } from "./retry.ts";
import { deleteObject, downloadObject, listPage, uploadObject } from "./storage-client.ts";
import { isStorageError } from "./storage-error.ts";
import { openSmall, openVault, sealSmall, type Vault } from "./vault.ts";

/** One document as the page shows it, with what it needs to open, rename or delete it. */
export interface DocumentEntry {
  readonly documentId: string;
  /**
   * Whose vault holds the document: absent for the signed-in person's own documents; the owner's user id for a
   * document released to them (features/legacy-shared), read through the storage API's recipient access.
   */
  readonly ownerId?: string;
  /** "ready": complete and its manifest verified; "incomplete": an upload that never finished (resumable);
   * "damaged": present but its keys, header or signature do not check out. */
  readonly status: "ready" | "incomplete" | "damaged";
  readonly version: number;
  readonly name: string;
  readonly type: string;
  readonly size: number;
  /** ISO date the document was added. */
  readonly added: string | undefined;
  readonly labels: readonly string[];
  readonly chunkCount: number;
  readonly storedChunks: ReadonlyMap<number, number>;
  readonly storedBytes: number;
  readonly dekKey?: DekKey;
  readonly manifest?: SignedManifest;
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder("utf-8", { fatal: true });
export const utf8 = (text: string) => textEncoder.encode(text) as Uint8Array<ArrayBuffer>;

async function listAll(prefix: string, signal?: AbortSignal) {
  const items = [];
  let pageToken: string | undefined;
  do {
    const page = await withRetry(() => listPage(prefix, pageToken, signal), { signal });
    items.push(...page.items);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return items;
}

export async function listFolder(vault: Vault, documentId: string, signal?: AbortSignal) {
  const items = await listAll(documentPaths(vault.account.userId, documentId).folder, signal);
  return foldersFromListing(vault.account.userId, items)[0];
}

/** GET an object's bytes, retried per SPEC.md 9. */
export const getObject = (path: string, retry: RetryOptions = {}) =>
  withRetry((s) => downloadObject(path, s), retry);
/** Store an object, retried per SPEC.md 9 (the same bytes are sent again: no new encryption, no new nonce). */
export const putObject = (
  path: string,
  parts: readonly Uint8Array<ArrayBuffer>[],
  retry: RetryOptions = {},
) => withRetry((s) => uploadObject(path, parts, s), retry);

/** Opens the owner's wrapped DEK of a document. */
export async function openDocumentKey(
  vault: Vault,
  documentId: string,
  signal?: AbortSignal,
): Promise<DekKey> {
  const wrapped = textDecoder.decode(
    await getObject(documentPaths(vault.account.userId, documentId).key, { signal }),
  );
  const dekBytes: DekBytes = await vault.crypto.api.unwrapDekForOwner(vault.account.accountKey, wrapped, {
    userId: vault.account.userId,
    itemId: documentId,
  });
  return vault.crypto.api.importDekKey(dekBytes);
}

/** The signed manifest of a version, decrypted and checked against its signature, the header and the layout. */
async function readManifest(
  vault: Vault,
  dekKey: DekKey,
  documentId: string,
  version: number,
  headerObject: Uint8Array<ArrayBuffer>,
  signal?: AbortSignal,
): Promise<SignedManifest | undefined> {
  const sealed = await getObject(documentPaths(vault.account.userId, documentId, version).manifest, {
    signal,
  });
  const signed = JSON.parse(
    textDecoder.decode(await openSmall(vault, dekKey, manifestFileIdOf(documentId, version), sealed)),
  ) as SignedManifest;
  const ok = await vault.crypto.api.verifyManifest(vault.account.signingPublicKeyPem, signed);
  const m = signed.manifest;
  if (
    !ok ||
    m.documentId !== documentId ||
    m.version !== version ||
    m.fileId !== fileIdOf(documentId, version) ||
    m.ownerId !== vault.account.userId ||
    m.headerDigest !== (await digestHex(headerObject))
  ) {
    return undefined;
  }
  return signed;
}

async function readLabels(vault: Vault, dekKey: DekKey, documentId: string, signal?: AbortSignal) {
  const sealed = await getObject(documentPaths(vault.account.userId, documentId).labels, { signal });
  const value: unknown = JSON.parse(
    textDecoder.decode(await openSmall(vault, dekKey, labelsFileIdOf(documentId), sealed)),
  );
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

async function entryFor(vault: Vault, folder: StoredFolder, signal?: AbortSignal): Promise<DocumentEntry> {
  const complete = completeVersion(folder);
  const version = complete?.version ?? Math.max(1, ...folder.versions.keys());
  const stored = folder.versions.get(version);
  const base = {
    documentId: folder.documentId,
    version,
    name: "",
    type: "application/octet-stream",
    size: 0,
    added: folder.created,
    labels: [] as string[],
    chunkCount: 0,
    storedChunks: stored?.chunks ?? new Map<number, number>(),
    storedBytes: folder.storedBytes,
  };
  if (!folder.hasKey || !stored?.hasHeader) return { ...base, status: "incomplete" };
  try {
    const dekKey = await openDocumentKey(vault, folder.documentId, signal);
    const headerObject = await getObject(
      documentPaths(vault.account.userId, folder.documentId, version).header,
      { signal },
    );
    const header = await vault.crypto.api.decryptFileHeader(
      dekKey,
      fileIdOf(folder.documentId, version),
      headerObject,
    );
    const chunkCount = header.size === 0 ? 1 : Math.ceil(header.size / header.chunkSize);
    const labels = folder.hasLabels ? await readLabels(vault, dekKey, folder.documentId, signal) : [];
    const opened = {
      ...base,
      name: header.name,
      type: header.type,
      size: header.size,
      chunkCount,
      labels,
      dekKey,
    };
    if (!complete) return { ...opened, status: "incomplete" };
    const manifest = await readManifest(vault, dekKey, folder.documentId, version, headerObject, signal);
    if (!manifest || manifest.manifest.chunkCount !== chunkCount) return { ...opened, status: "damaged" };
    return { ...opened, manifest, status: "ready" };
  } catch (error) {
    if (isStorageError(error) && error.code === "storage/canceled") throw error;
    if (isStorageError(error) && error.code !== "storage/object-not-found") throw error;
    return { ...base, status: "damaged" };
  }
}

/** Every document of the signed-in user: one listing, then each folder's key, header and manifest, decrypted here. */
export async function listDocuments(signal?: AbortSignal): Promise<DocumentEntry[]> {
  const vault = await openVault();
  const items = await listAll(documentsFolder(vault.account.userId), signal);
  const folders = foldersFromListing(vault.account.userId, items);
  return mapLimited(folders, 6, (folder) => entryFor(vault, folder, signal));
}

/**
 * Rename: a new header (same DEK and file id, a fresh nonce) and a re-signed manifest for its digest. No chunk is
 * read or written.
 */
export async function renameDocument(entry: DocumentEntry, name: string): Promise<DocumentEntry> {
  if (!entry.dekKey || !entry.manifest) throw new Error("Only a complete document can be renamed.");
  const vault = await openVault();
  const paths = documentPaths(vault.account.userId, entry.documentId, entry.version);
  const fileId = fileIdOf(entry.documentId, entry.version);
  const header = { name, type: entry.type, size: entry.size, chunkSize: 4 * 1024 * 1024 };
  // The chunk size is whatever the document was written with; read it back rather than assume.
  const current = await vault.crypto.api.decryptFileHeader(
    entry.dekKey,
    fileId,
    await getObject(paths.header),
  );
  const headerObject = await vault.crypto.api.encryptFileHeader(entry.dekKey, fileId, {
    ...header,
    chunkSize: current.chunkSize,
  });
  const manifest = await vault.crypto.api.signManifest(vault.account.signingKey, {
    ...entry.manifest.manifest,
    headerDigest: await digestHex(headerObject),
  });
  const sealedManifest = await sealSmall(
    vault,
    entry.dekKey,
    manifestFileIdOf(entry.documentId, entry.version),
    utf8(JSON.stringify(manifest)),
  );
  await putObject(paths.header, [headerObject]);
  await putObject(paths.manifest, [sealedManifest]);
  return { ...entry, name, manifest };
}

/** Labels (ADR 025): kept encrypted beside the document; an empty list removes the object. */
export async function saveLabels(entry: DocumentEntry, labels: readonly string[]): Promise<DocumentEntry> {
  if (!entry.dekKey) throw new Error("This document cannot be opened.");
  const vault = await openVault();
  const path = documentPaths(vault.account.userId, entry.documentId).labels;
  if (labels.length === 0) {
    await withRetry(() => deleteObject(path)).catch((error) => {
      if (!(isStorageError(error) && error.code === "storage/object-not-found")) throw error;
    });
  } else {
    const sealed = await sealSmall(
      vault,
      entry.dekKey,
      labelsFileIdOf(entry.documentId),
      utf8(JSON.stringify(labels)),
    );
    await putObject(path, [sealed]);
  }
  return { ...entry, labels: [...labels] };
}

/**
 * Deletes every object of a document: the manifest first (from then on it is no longer "complete"), the key last
 * (until then a half-deleted document can still be opened and deleted again).
 */
export async function deleteDocument(documentId: string): Promise<void> {
  const vault = await openVault();
  const paths = documentPaths(vault.account.userId, documentId);
  const items = await listAll(paths.folder);
  const rank = (fullPath: string) => (fullPath.endsWith("/manifest") ? 0 : fullPath === paths.key ? 2 : 1);
  const ordered = [...items].sort((a, b) => rank(a.fullPath) - rank(b.fullPath));
  const gone = (error: unknown) => {
    if (!(isStorageError(error) && error.code === "storage/object-not-found")) throw error;
  };
  for (const stage of [0, 1, 2]) {
    await mapLimited(
      ordered.filter((item) => rank(item.fullPath) === stage),
      4,
      (item) => withRetry(() => deleteObject(item.fullPath)).catch(gone),
    );
  }
}
