import { type ListResponse, storagePaths } from "@heirloom/contract";

// [Note: How a document is laid out in storage]
// users/{uid}/documents/{documentId}/key                  the DEK wrapped for the owner (sealed blob, account key,
//                                                         AAD bound to userId and documentId), written first
// users/{uid}/documents/{documentId}/labels               optional: the labels, sealed under the DEK (fileId {id}/labels)
// users/{uid}/documents/{documentId}/v{n}/header          the encrypted file header (name, type, size, chunk size)
// users/{uid}/documents/{documentId}/v{n}/chunks/{i:08d}  chunk i of the file (docs/file-format.md 8.2)
// users/{uid}/documents/{documentId}/v{n}/manifest        the signed manifest sealed under the DEK, written last
// The manifest's presence means "every chunk is stored". A folder without one is an upload in progress, which a
// resumed upload completes by listing chunks/ (a stored chunk has exactly plainLen(i) + 28 bytes). docs/architecture.md.

export interface DocumentPaths {
  readonly folder: string;
  readonly key: string;
  readonly labels: string;
  readonly header: string;
  readonly manifest: string;
  readonly chunksFolder: string;
  chunk(index: number): string;
}

export function documentPaths(userId: string, documentId: string, version = 1): DocumentPaths {
  const folder = storagePaths.document(userId, documentId);
  const versionFolder = `${folder}v${version}/`;
  return {
    folder,
    key: `${folder}key`,
    labels: `${folder}labels`,
    header: `${versionFolder}header`,
    manifest: `${versionFolder}manifest`,
    chunksFolder: `${versionFolder}chunks/`,
    chunk: (index) => `${versionFolder}chunks/${String(index).padStart(8, "0")}`,
  };
}

export const documentsFolder = (userId: string) => `${storagePaths.userRoot(userId)}documents/`;

/** The file id bound into every chunk's AAD (docs/file-format.md 8: `{documentId}/v{version}`). */
export const fileIdOf = (documentId: string, version: number) => `${documentId}/v${version}`;
export const manifestFileIdOf = (documentId: string, version: number) => `${documentId}/v${version}/manifest`;
export const labelsFileIdOf = (documentId: string) => `${documentId}/labels`;

/**
 * How a small value (labels, the signed manifest) is kept under a document's DEK: the single chunk of a file of its
 * own length (docs/file-format.md 8.6). A stored object of n bytes holds n - 28 bytes of value.
 */
export const smallValueLayout = (size: number) => ({ size, chunkSize: Math.max(1, size) });

export interface StoredVersion {
  readonly version: number;
  readonly hasHeader: boolean;
  readonly hasManifest: boolean;
  /** Stored chunk objects: index -> size in bytes. */
  readonly chunks: ReadonlyMap<number, number>;
}

export interface StoredFolder {
  readonly documentId: string;
  readonly hasKey: boolean;
  readonly hasLabels: boolean;
  /** When the key object was stored: the document's "added" date (it is never rewritten). */
  readonly created: string | undefined;
  /** Every byte stored for the document, ciphertext included. */
  readonly storedBytes: number;
  readonly versions: ReadonlyMap<number, StoredVersion>;
}

type Item = ListResponse["items"][number];

const versionPattern = /^v([1-9][0-9]{0,8})$/;
const chunkPattern = /^[0-9]{8}$/;

/** Groups a listing of users/{uid}/documents/ by document folder. Objects that fit no known name are ignored. */
export function foldersFromListing(userId: string, items: readonly Item[]): StoredFolder[] {
  const root = documentsFolder(userId);
  const folders = new Map<
    string,
    {
      hasKey: boolean;
      hasLabels: boolean;
      created?: string;
      storedBytes: number;
      versions: Map<number, StoredVersion>;
    }
  >();
  for (const item of items) {
    if (!item.fullPath.startsWith(root)) continue;
    const segments = item.fullPath.slice(root.length).split("/");
    const documentId = segments[0];
    if (!documentId) continue;
    let folder = folders.get(documentId);
    if (!folder) {
      folder = { hasKey: false, hasLabels: false, storedBytes: 0, versions: new Map() };
      folders.set(documentId, folder);
    }
    folder.storedBytes += item.size;
    if (segments.length === 2 && segments[1] === "key") {
      folder.hasKey = true;
      folder.created = item.updated;
      continue;
    }
    if (segments.length === 2 && segments[1] === "labels") {
      folder.hasLabels = true;
      continue;
    }
    const versionMatch = versionPattern.exec(segments[1] ?? "");
    if (!versionMatch) continue;
    const version = Number(versionMatch[1]);
    const current = folder.versions.get(version) ?? {
      version,
      hasHeader: false,
      hasManifest: false,
      chunks: new Map<number, number>(),
    };
    const rest = segments.slice(2);
    if (rest.length === 1 && rest[0] === "header")
      folder.versions.set(version, { ...current, hasHeader: true });
    else if (rest.length === 1 && rest[0] === "manifest")
      folder.versions.set(version, { ...current, hasManifest: true });
    else if (rest.length === 2 && rest[0] === "chunks" && chunkPattern.test(rest[1] ?? "")) {
      (current.chunks as Map<number, number>).set(Number(rest[1]), item.size);
      folder.versions.set(version, current);
    }
  }
  return [...folders].map(([documentId, folder]) => ({ documentId, ...folder, created: folder.created }));
}

/** The newest version with a manifest (a complete document), or undefined when the upload never finished. */
export function completeVersion(folder: StoredFolder): StoredVersion | undefined {
  let best: StoredVersion | undefined;
  for (const version of folder.versions.values()) {
    if (version.hasHeader && version.hasManifest && (!best || version.version > best.version)) best = version;
  }
  return best;
}
