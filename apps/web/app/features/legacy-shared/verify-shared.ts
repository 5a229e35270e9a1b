import type { LegacyShared } from "@heirloom/contract";
import type {
  DekKey,
  DocumentManifest,
  PlanStatement,
  PlanStatementItem,
  RemoteCryptoApi,
  RsaPrivateKey,
  SignedManifest,
} from "@heirloom/crypto";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import {
  documentPaths,
  fileIdOf,
  manifestFileIdOf,
  smallValueLayout,
} from "#app/features/documents/layout.ts";
import { isStorageError } from "#app/features/documents/storage-error.ts";
import { mapLimited } from "#app/lib/concurrency.ts";
import { hasEveryChunk, servedVersions } from "./served-objects.ts";

// [Note: What a recipient checks before showing anything]
// The server chooses what it serves; the owner's signatures say what the owner meant. So, in this order (file-format
// 11.6): the plan statement must carry the owner's signature, name the owner, me and the key I hold now, and be the
// statement of this release (or this drill). Then every item is taken only if the statement lists it: a served item
// the owner did not list is refused, a listed item that is not served is "not available". A document is shown only if
// its DEK opens with my private key, its manifest (sealed under that DEK) carries the owner's signature, names this
// document, the owner and me with my key, has the content digest the statement lists (so the server cannot swap one
// document for another the owner also shared with me), and pins the header that gives its name. A letter (or a
// drill's text) is shown only if its sealed blob hashes to the listed digest and opens under its DEK with the owner,
// its id and its purpose in the AAD. The chunks are checked as they are downloaded (features/documents/download.ts):
// AES-GCM per chunk, then the chain of chunk digests against the signed manifest.

/** The crypto worker functions these checks use (in Node tests, the package's own functions). */
export type SharedCrypto = Pick<
  RemoteCryptoApi,
  | "verifyPlanStatement"
  | "publicKeyFingerprintHex"
  | "unwrapDekForRecipient"
  | "importDekKey"
  | "verifyManifest"
  | "manifestContentDigestHex"
  | "decryptFileChunk"
  | "decryptFileHeader"
  | "sha256HexOfText"
  | "openItemText"
>;

/** The signed-in recipient: who I am and the key pair the owner wrapped to. */
export interface Recipient {
  readonly userId: string;
  readonly publicKeyPem: string;
  readonly privateKey: RsaPrivateKey;
}

export interface SharedDeps {
  readonly crypto: SharedCrypto;
  readonly me: Recipient;
  /** An object's bytes (ciphertext) from the storage API; throws a StorageError when it cannot be read. */
  readonly fetchObject: (path: string, signal?: AbortSignal) => Promise<Uint8Array<ArrayBuffer>>;
  /** SHA-256 of public bytes, hex (no key, so no worker trip). */
  readonly digestHex: (bytes: Uint8Array<ArrayBuffer>) => Promise<string>;
  readonly signal?: AbortSignal;
}

/** Why an item is not offered: my key does not open it; a check failed; or the server does not serve it. */
export type ItemProblem = "unopenable" | "unverified" | "unavailable";

export type OpenedDocument =
  | { readonly id: string; readonly status: "ready"; readonly entry: DocumentEntry }
  | { readonly id: string; readonly status: ItemProblem };

export type TextPurpose = "letter" | "drill";

export type OpenedText =
  | { readonly id: string; readonly purpose: TextPurpose; readonly status: "ready"; readonly text: string }
  | { readonly id: string; readonly purpose: TextPurpose; readonly status: ItemProblem };

export interface ItemRef {
  readonly kind: PlanStatementItem["kind"];
  readonly id: string;
}

export type OpenedShared =
  /** No statement yet: the owner's browser has not signed one for me. */
  | { readonly state: "notReady" }
  /** The statement does not check out: nothing is shown. */
  | { readonly state: "invalid" }
  | {
      readonly state: "verified";
      readonly kind: "release" | "drill";
      readonly statement: PlanStatement;
      /** The letter of a release, or a drill's dummy document; null if none is served. */
      readonly text: OpenedText | null;
      readonly documents: readonly OpenedDocument[];
      /** Listed by the owner, not served: withdrawn or withheld. */
      readonly missing: readonly ItemRef[];
      /** Served, not listed by the owner: refused, never opened. */
      readonly unlisted: readonly ItemRef[];
    };

type Verdict<T> = { ok: true; value: T } | { ok: false; problem: ItemProblem };
const problem = (p: ItemProblem): { ok: false; problem: ItemProblem } => ({ ok: false, problem: p });

/**
 * A storage failure that says "this object is not served to you" makes the item unavailable; a network failure, a
 * cancel or the end of the session is not about the item and is thrown on (the page offers to try again).
 */
function asProblem(error: unknown): ItemProblem {
  if (isStorageError(error)) {
    if (error.code === "storage/object-not-found" || error.code === "storage/unauthorized")
      return "unavailable";
    throw error;
  }
  return "unverified";
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The statement, if it is the owner's signed statement of this release or drill, for me and my current key. */
export async function checkStatement(
  shared: LegacyShared,
  deps: Pick<SharedDeps, "crypto" | "me">,
): Promise<{ ok: true; statement: PlanStatement } | { ok: false; reason: "notReady" | "invalid" }> {
  if (!shared.statement) return { ok: false, reason: "notReady" };
  const invalid = { ok: false, reason: "invalid" } as const;
  let parsed: unknown;
  try {
    parsed = JSON.parse(shared.statement.statement);
  } catch {
    return invalid;
  }
  if (!isObject(parsed) || !isObject(parsed.recipient) || !Array.isArray(parsed.items)) return invalid;
  const statement = parsed as unknown as PlanStatement;
  const signed = await deps.crypto.verifyPlanStatement(shared.owner.signingPublicKeyPem, {
    statement,
    signatureB64: shared.statement.signatureB64,
  });
  if (!signed) return invalid;
  const myFingerprint = await deps.crypto.publicKeyFingerprintHex(deps.me.publicKeyPem);
  if (
    statement.ownerId !== shared.owner.id ||
    statement.recipient.userId !== deps.me.userId ||
    statement.recipient.keyFingerprint !== myFingerprint
  ) {
    return invalid;
  }
  if (shared.kind === "release") {
    if (statement.kind !== "release" || statement.planId !== shared.id) return invalid;
  } else {
    const [only, ...more] = statement.items;
    if (statement.kind !== "drill" || more.length > 0 || only?.kind !== "drill" || only.id !== shared.id) {
      return invalid;
    }
  }
  return { ok: true, statement };
}

const textDecoder = new TextDecoder("utf-8", { fatal: true });

/** The signed manifest of one version, opened under the DEK; undefined unless every check holds. */
async function checkedManifest(
  deps: SharedDeps,
  input: {
    ownerId: string;
    signingPublicKeyPem: string;
    documentId: string;
    version: number;
    dekKey: DekKey;
    listedDigest: string;
    myFingerprint: string;
  },
): Promise<SignedManifest | undefined> {
  const { ownerId, documentId, version, dekKey } = input;
  const sealed = await deps.fetchObject(documentPaths(ownerId, documentId, version).manifest, deps.signal);
  let signed: SignedManifest;
  try {
    const opened = await deps.crypto.decryptFileChunk(dekKey, {
      fileId: manifestFileIdOf(documentId, version),
      layout: smallValueLayout(Math.max(0, sealed.length - 28)),
      index: 0,
      chunkObject: sealed,
    });
    signed = JSON.parse(textDecoder.decode(opened)) as SignedManifest;
  } catch {
    return undefined;
  }
  if (!isObject(signed) || !isObject(signed.manifest)) return undefined;
  const m: DocumentManifest = signed.manifest;
  if (!(await deps.crypto.verifyManifest(input.signingPublicKeyPem, signed))) return undefined;
  if (
    m.documentId !== documentId ||
    m.version !== version ||
    m.fileId !== fileIdOf(documentId, version) ||
    m.ownerId !== ownerId ||
    !m.recipients.some((r) => r.userId === deps.me.userId && r.keyFingerprint === input.myFingerprint)
  ) {
    return undefined;
  }
  if ((await deps.crypto.manifestContentDigestHex(m)) !== input.listedDigest) return undefined;
  return signed;
}

async function openDocument(
  shared: LegacyShared,
  served: LegacyShared["documents"][number],
  listed: PlanStatementItem,
  myFingerprint: string,
  deps: SharedDeps,
): Promise<Verdict<DocumentEntry>> {
  const ownerId = shared.owner.id;
  const dekBytes = await deps.crypto.unwrapDekForRecipient(deps.me.privateKey, served.wrappedDek);
  if (!dekBytes) return problem("unopenable");
  try {
    const dekKey = await deps.crypto.importDekKey(dekBytes);
    // Newest first: the statement pins one version's content, and only that one passes the digest check.
    const versions = servedVersions(ownerId, served.id, served.objects).filter(
      (v) => v.hasHeader && v.hasManifest,
    );
    if (versions.length === 0) return problem("unavailable");
    for (const stored of versions) {
      const signed = await checkedManifest(deps, {
        ownerId,
        signingPublicKeyPem: shared.owner.signingPublicKeyPem,
        documentId: served.id,
        version: stored.version,
        dekKey,
        listedDigest: listed.digest,
        myFingerprint,
      });
      if (!signed) continue;
      const paths = documentPaths(ownerId, served.id, stored.version);
      const headerObject = await deps.fetchObject(paths.header, deps.signal);
      if ((await deps.digestHex(headerObject)) !== signed.manifest.headerDigest) return problem("unverified");
      const header = await deps.crypto.decryptFileHeader(
        dekKey,
        fileIdOf(served.id, stored.version),
        headerObject,
      );
      const chunkCount = header.size === 0 ? 1 : Math.ceil(header.size / header.chunkSize);
      if (chunkCount !== signed.manifest.chunkCount) return problem("unverified");
      if (!hasEveryChunk(stored, chunkCount)) return problem("unavailable");
      const storedBytes = served.objects.reduce((sum, object) => sum + object.size, 0);
      return {
        ok: true,
        value: {
          documentId: served.id,
          ownerId,
          status: "ready",
          version: stored.version,
          name: header.name,
          type: header.type,
          size: header.size,
          added: undefined,
          labels: [],
          chunkCount,
          storedChunks: stored.chunks,
          storedBytes,
          dekKey,
          manifest: signed,
        },
      };
    }
    return problem("unverified");
  } catch (error) {
    return problem(asProblem(error));
  }
}

async function openText(
  shared: LegacyShared,
  served: NonNullable<LegacyShared["letter"]>,
  listed: PlanStatementItem,
  purpose: TextPurpose,
  deps: SharedDeps,
): Promise<OpenedText> {
  const base = { id: served.id, purpose } as const;
  const dekBytes = await deps.crypto.unwrapDekForRecipient(deps.me.privateKey, served.wrappedDek);
  if (!dekBytes) return { ...base, status: "unopenable" };
  if ((await deps.crypto.sha256HexOfText(served.sealed)) !== listed.digest)
    return { ...base, status: "unverified" };
  try {
    const text = await deps.crypto.openItemText(
      dekBytes,
      { ownerId: shared.owner.id, itemId: served.id, purpose },
      served.sealed,
    );
    return { ...base, status: "ready", text };
  } catch {
    return { ...base, status: "unverified" };
  }
}

/**
 * Checks what the server served for a release or a drill against what the owner signed, and opens what passes. Only
 * items the owner listed for me are ever opened. Throws only for failures that are not verdicts (the network, a
 * cancel), so the page can offer to try again.
 */
export async function openShared(shared: LegacyShared, deps: SharedDeps): Promise<OpenedShared> {
  const checked = await checkStatement(shared, deps);
  if (!checked.ok) return { state: checked.reason };
  const { statement } = checked;
  const myFingerprint = statement.recipient.keyFingerprint;
  const listed = new Map(statement.items.map((item) => [`${item.kind}:${item.id}`, item]));
  const taken = new Set<string>();
  const unlisted: ItemRef[] = [];
  /** The listed item for a served one, once: a second serving of the same item is refused too. */
  const take = (kind: ItemRef["kind"], id: string) => {
    const key = `${kind}:${id}`;
    const item = listed.get(key);
    if (!item || taken.has(key)) {
      unlisted.push({ kind, id });
      return undefined;
    }
    taken.add(key);
    return item;
  };

  const purpose: TextPurpose = shared.kind === "drill" ? "drill" : "letter";
  const textItem = shared.letter ? take(purpose, shared.letter.id) : undefined;
  const toOpen = shared.documents.flatMap((served) => {
    const item = take("document", served.id);
    return item ? [{ served, item }] : [];
  });

  const [text, documents] = await Promise.all([
    shared.letter && textItem ? openText(shared, shared.letter, textItem, purpose, deps) : null,
    mapLimited(toOpen, 4, async ({ served, item }): Promise<OpenedDocument> => {
      const verdict = await openDocument(shared, served, item, myFingerprint, deps);
      return verdict.ok
        ? { id: served.id, status: "ready", entry: verdict.value }
        : { id: served.id, status: verdict.problem };
    }),
  ]);
  const missing = statement.items
    .filter((item) => !taken.has(`${item.kind}:${item.id}`))
    .map(({ kind, id }) => ({ kind, id }));
  return { state: "verified", kind: shared.kind, statement, text, documents, missing, unlisted };
}
