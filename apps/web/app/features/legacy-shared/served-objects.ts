import { documentPaths } from "#app/features/documents/layout.ts";

// What the server says it will let me read of a released document: its objects, by path and size. Only the content
// objects of the owner's document folder count (v{n}/header, v{n}/manifest, v{n}/chunks/NNNNNNNN); anything else in
// the list is ignored, and paths are always rebuilt from the owner and document ids, never taken from the list.

export interface ServedVersion {
  readonly version: number;
  readonly hasHeader: boolean;
  readonly hasManifest: boolean;
  /** Chunk index -> stored size in bytes. */
  readonly chunks: ReadonlyMap<number, number>;
}

const versionPath = /^v([1-9][0-9]{0,8})\/(header|manifest|chunks\/([0-9]{8}))$/;

/** The versions of one document found in `objects`, newest first. */
export function servedVersions(
  ownerId: string,
  documentId: string,
  objects: readonly { readonly path: string; readonly size: number }[],
): ServedVersion[] {
  const folder = documentPaths(ownerId, documentId).folder;
  const versions = new Map<
    number,
    { hasHeader: boolean; hasManifest: boolean; chunks: Map<number, number> }
  >();
  for (const object of objects) {
    if (!object.path.startsWith(folder)) continue;
    const match = versionPath.exec(object.path.slice(folder.length));
    if (!match) continue;
    const version = Number(match[1]);
    let entry = versions.get(version);
    if (!entry) {
      entry = { hasHeader: false, hasManifest: false, chunks: new Map() };
      versions.set(version, entry);
    }
    if (match[2] === "header") entry.hasHeader = true;
    else if (match[2] === "manifest") entry.hasManifest = true;
    else entry.chunks.set(Number(match[3]), object.size);
  }
  return [...versions]
    .map(([version, entry]) => ({ version, ...entry }))
    .sort((a, b) => b.version - a.version);
}

/** Whether chunks 0 .. count - 1 are all listed. */
export function hasEveryChunk(version: ServedVersion, count: number): boolean {
  for (let index = 0; index < count; index++) if (!version.chunks.has(index)) return false;
  return true;
}
