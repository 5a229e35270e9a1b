import type { LegacyShared } from "@heirloom/contract";
import {
  bytesToBase64,
  ciphertextDigestHex,
  createAccountKeys,
  type DekBytes,
  decryptFileChunk,
  decryptFileHeader,
  digestBytes,
  digestHex,
  encryptFileChunk,
  encryptFileHeader,
  generateDek,
  importDekKey,
  importVaultKeyB64,
  manifestContentDigestHex,
  openItemText,
  type PlanStatement,
  type PlanStatementItem,
  publicKeyFingerprintHex,
  type SigningPrivateKey,
  sealItemText,
  sha256HexOfText,
  signManifest,
  signPlanStatement,
  type UnlockedAccount,
  unwrapDekForRecipient,
  verifyManifest,
  verifyPlanStatement,
  wrapDekForRecipient,
} from "@heirloom/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  documentPaths,
  fileIdOf,
  manifestFileIdOf,
  smallValueLayout,
} from "#app/features/documents/layout.ts";
import { StorageError } from "#app/features/documents/storage-error.ts";
import { type OpenedShared, openShared, type SharedCrypto, type SharedDeps } from "./verify-shared.ts";

// The recipient's checks with the real crypto package and real key pairs: the honest release opens; every way a
// server could add, drop, swap or redirect an item is refused (file-format 11.6).

const crypto: SharedCrypto = {
  verifyPlanStatement,
  publicKeyFingerprintHex,
  unwrapDekForRecipient,
  importDekKey,
  verifyManifest,
  manifestContentDigestHex,
  decryptFileChunk,
  decryptFileHeader,
  sha256HexOfText,
  openItemText,
};

async function person(userId: string): Promise<UnlockedAccount> {
  const vaultKey = await importVaultKeyB64(
    bytesToBase64(globalThis.crypto.getRandomValues(new Uint8Array(32))),
  );
  return (await createAccountKeys(vaultKey, userId)).unlocked;
}

let owner: UnlockedAccount;
let me: UnlockedAccount;
let other: UnlockedAccount;
let myFingerprint: string;
let otherFingerprint: string;

beforeAll(async () => {
  [owner, me, other] = await Promise.all([person("owner-1"), person("me-1"), person("other-1")]);
  myFingerprint = await publicKeyFingerprintHex(me.publicKeyPem);
  otherFingerprint = await publicKeyFingerprintHex(other.publicKeyPem);
});

const encoder = new TextEncoder();

interface StoredDocument {
  readonly served: LegacyShared["documents"][number];
  readonly objects: ReadonlyMap<string, Uint8Array<ArrayBuffer>>;
  readonly item: PlanStatementItem;
}

/** A document as the owner's browser stores it: header, chunks, the signed manifest sealed under its DEK. */
async function storeDocument(options: {
  id?: string;
  name?: string;
  content?: string;
  recipients?: { userId: string; keyFingerprint: string }[];
  signingKey?: SigningPrivateKey;
  wrapTo?: string;
}): Promise<StoredDocument> {
  const id = options.id ?? globalThis.crypto.randomUUID();
  const plaintext = encoder.encode(options.content ?? "The deeds are in the blue folder.");
  const chunkSize = 8;
  const dek = generateDek();
  const dekKey = await importDekKey(dek);
  const fileId = fileIdOf(id, 1);
  const paths = documentPaths(owner.userId, id, 1);
  const objects = new Map<string, Uint8Array<ArrayBuffer>>();
  const header = await encryptFileHeader(dekKey, fileId, {
    name: options.name ?? "deeds.txt",
    type: "text/plain",
    size: plaintext.length,
    chunkSize,
  });
  objects.set(paths.header, header);
  const layout = { size: plaintext.length, chunkSize };
  const count = Math.max(1, Math.ceil(plaintext.length / chunkSize));
  const digests: Uint8Array[] = [];
  for (let index = 0; index < count; index++) {
    const chunk = await encryptFileChunk(dekKey, {
      fileId,
      layout,
      index,
      plaintext: plaintext.slice(index * chunkSize, (index + 1) * chunkSize),
    });
    objects.set(paths.chunk(index), chunk);
    digests.push(await digestBytes(chunk));
  }
  const signed = await signManifest(options.signingKey ?? owner.signingKey, {
    documentId: id,
    version: 1,
    fileId,
    ownerId: owner.userId,
    chunkCount: count,
    headerDigest: await digestHex(header),
    ciphertextDigest: await ciphertextDigestHex(digests),
    recipients: options.recipients ?? [{ userId: me.userId, keyFingerprint: myFingerprint }],
  });
  const manifestBytes = encoder.encode(JSON.stringify(signed));
  objects.set(
    paths.manifest,
    await encryptFileChunk(dekKey, {
      fileId: manifestFileIdOf(id, 1),
      layout: smallValueLayout(manifestBytes.length),
      index: 0,
      plaintext: manifestBytes,
    }),
  );
  return {
    served: {
      id,
      wrappedDek: await wrapDekForRecipient(options.wrapTo ?? me.publicKeyPem, dek),
      objects: [...objects].map(([path, bytes]) => ({ path, size: bytes.length })),
    },
    objects,
    item: { kind: "document", id, digest: await manifestContentDigestHex(signed.manifest) },
  };
}

async function sealedText(
  id: string,
  text: string,
  purpose: "letter" | "drill",
  dek: DekBytes = generateDek(),
) {
  const sealed = await sealItemText(dek, { ownerId: owner.userId, itemId: id, purpose }, text);
  return { dek, sealed, digest: await sha256HexOfText(sealed) };
}

async function signFor(statement: Omit<PlanStatement, "format">, signingKey = owner.signingKey) {
  const signed = await signPlanStatement(signingKey, statement);
  return { statement: JSON.stringify(signed.statement), signatureB64: signed.signatureB64 };
}

/** An honest release of `documents` and a letter, signed by the owner for me. */
async function release(documents: StoredDocument[], letterText = "Dear Sam,\nthe deeds are here.") {
  const planId = globalThis.crypto.randomUUID();
  const letterId = globalThis.crypto.randomUUID();
  const letter = await sealedText(letterId, letterText, "letter");
  const items: PlanStatementItem[] = [
    ...documents.map((d) => d.item),
    { kind: "letter", id: letterId, digest: letter.digest },
  ];
  const statement = {
    planId,
    kind: "release" as const,
    version: 3,
    ownerId: owner.userId,
    recipient: { userId: me.userId, keyFingerprint: myFingerprint },
    items,
  };
  const shared: LegacyShared = {
    id: planId,
    kind: "release",
    owner: {
      id: owner.userId,
      name: "Olive Owner",
      email: "olive@example.com",
      signingPublicKeyPem: owner.signingPublicKeyPem,
    },
    releasedAt: "2026-11-24T10:00:00.000Z",
    expiresAt: null,
    history: [],
    itemCount: items.length,
    statement: await signFor(statement),
    letter: {
      id: letterId,
      sealed: letter.sealed,
      wrappedDek: await wrapDekForRecipient(me.publicKeyPem, letter.dek),
    },
    documents: documents.map((d) => d.served),
  };
  const objects = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const d of documents) for (const [path, bytes] of d.objects) objects.set(path, bytes);
  return { shared, objects, statement, letter };
}

function depsFor(objects: ReadonlyMap<string, Uint8Array<ArrayBuffer>>, fetched: string[] = []): SharedDeps {
  return {
    crypto,
    me,
    digestHex,
    fetchObject: async (path) => {
      fetched.push(path);
      const bytes = objects.get(path);
      if (!bytes) throw new StorageError("storage/object-not-found", "No object.", 404);
      return bytes;
    },
  };
}

function verified(opened: OpenedShared) {
  if (opened.state !== "verified") throw new Error(`expected a verified release, got ${opened.state}`);
  return opened;
}

describe("an honest release", () => {
  it("opens the letter and every listed document, with names from their headers", async () => {
    const a = await storeDocument({ name: "deeds.txt" });
    const b = await storeDocument({ name: "will.txt", content: "" });
    const { shared, objects } = await release([a, b]);
    const opened = verified(await openShared(shared, depsFor(objects)));
    expect(opened.kind).toBe("release");
    expect(opened.text).toMatchObject({
      status: "ready",
      purpose: "letter",
      text: "Dear Sam,\nthe deeds are here.",
    });
    expect(opened.documents.map((d) => d.status)).toEqual(["ready", "ready"]);
    const [first, second] = opened.documents;
    if (first?.status !== "ready" || second?.status !== "ready") throw new Error("not ready");
    expect(first.entry).toMatchObject({
      documentId: a.served.id,
      ownerId: owner.userId,
      name: "deeds.txt",
      size: 33,
    });
    expect(first.entry.chunkCount).toBe(5);
    expect(second.entry).toMatchObject({ name: "will.txt", size: 0, chunkCount: 1 });
    expect(opened.missing).toEqual([]);
    expect(opened.unlisted).toEqual([]);
  });

  it("says an item the owner listed but the server does not serve is not available", async () => {
    const a = await storeDocument({});
    const b = await storeDocument({});
    const { shared, objects } = await release([a, b]);
    const opened = verified(
      await openShared({ ...shared, documents: [a.served], letter: null }, depsFor(objects)),
    );
    expect(opened.documents.map((d) => d.id)).toEqual([a.served.id]);
    expect(opened.text).toBeNull();
    expect(opened.missing.map((m) => m.kind).sort()).toEqual(["document", "letter"]);
  });

  it("calls a document whose objects are gone unavailable", async () => {
    const a = await storeDocument({});
    const { shared } = await release([a]);
    const opened = verified(await openShared(shared, depsFor(new Map())));
    expect(opened.documents).toEqual([{ id: a.served.id, status: "unavailable" }]);
  });

  it("waits for a statement before showing anything", async () => {
    const { shared, objects } = await release([await storeDocument({})]);
    expect(await openShared({ ...shared, statement: null }, depsFor(objects))).toEqual({ state: "notReady" });
  });
});

describe("a statement that does not hold refuses the whole release", () => {
  it("refuses an invalid signature", async () => {
    const { shared, objects } = await release([await storeDocument({})]);
    const statement = shared.statement as NonNullable<LegacyShared["statement"]>;
    const fetched: string[] = [];
    const altered = JSON.stringify({ ...JSON.parse(statement.statement), version: 4 });
    expect(
      await openShared(
        { ...shared, statement: { ...statement, statement: altered } },
        depsFor(objects, fetched),
      ),
    ).toEqual({ state: "invalid" });
    const otherSignature = (await signFor(JSON.parse(statement.statement), other.signingKey)).signatureB64;
    expect(
      await openShared(
        { ...shared, statement: { ...statement, signatureB64: otherSignature } },
        depsFor(objects),
      ),
    ).toEqual({ state: "invalid" });
    expect(
      await openShared({ ...shared, statement: { ...statement, statement: "not json" } }, depsFor(objects)),
    ).toEqual({ state: "invalid" });
    expect(fetched).toEqual([]);
  });

  it("refuses a statement signed by the owner for another recipient, or for another key of mine", async () => {
    const { shared, objects, statement } = await release([await storeDocument({})]);
    const forOther = await signFor({
      ...statement,
      recipient: { userId: other.userId, keyFingerprint: otherFingerprint },
    });
    expect(await openShared({ ...shared, statement: forOther }, depsFor(objects))).toEqual({
      state: "invalid",
    });
    const forOtherKey = await signFor({
      ...statement,
      recipient: { userId: me.userId, keyFingerprint: otherFingerprint },
    });
    expect(await openShared({ ...shared, statement: forOtherKey }, depsFor(objects))).toEqual({
      state: "invalid",
    });
  });

  it("refuses a statement of another plan, another owner or another kind", async () => {
    const { shared, objects, statement } = await release([await storeDocument({})]);
    const cases = [
      { ...statement, planId: globalThis.crypto.randomUUID() },
      { ...statement, kind: "drill" as const },
    ];
    for (const changed of cases) {
      expect(await openShared({ ...shared, statement: await signFor(changed) }, depsFor(objects))).toEqual({
        state: "invalid",
      });
    }
    // Signed by the owner's key, but naming someone else as the owner.
    const notOwner = await signFor({ ...statement, ownerId: other.userId });
    expect(await openShared({ ...shared, statement: notOwner }, depsFor(objects))).toEqual({
      state: "invalid",
    });
    // Another person's statement and key, presented as this owner's.
    expect(
      await openShared(
        { ...shared, owner: { ...shared.owner, signingPublicKeyPem: other.signingPublicKeyPem } },
        depsFor(objects),
      ),
    ).toEqual({ state: "invalid" });
  });
});

describe("items the statement does not vouch for are refused", () => {
  it("refuses a document the server added, without fetching any of it", async () => {
    const a = await storeDocument({});
    const added = await storeDocument({ name: "planted.txt" });
    const { shared, objects } = await release([a]);
    for (const [path, bytes] of added.objects) objects.set(path, bytes);
    const fetched: string[] = [];
    const opened = verified(
      await openShared(
        { ...shared, documents: [...shared.documents, added.served] },
        depsFor(objects, fetched),
      ),
    );
    expect(opened.unlisted).toEqual([{ kind: "document", id: added.served.id }]);
    expect(opened.documents.map((d) => d.id)).toEqual([a.served.id]);
    expect(fetched.some((path) => path.includes(added.served.id))).toBe(false);
  });

  it("refuses the same document served twice", async () => {
    const a = await storeDocument({});
    const { shared, objects } = await release([a]);
    const opened = verified(
      await openShared({ ...shared, documents: [a.served, a.served] }, depsFor(objects)),
    );
    expect(opened.documents).toHaveLength(1);
    expect(opened.unlisted).toEqual([{ kind: "document", id: a.served.id }]);
  });

  it("refuses a swapped document: signed by the owner for me, but not the content listed", async () => {
    const listed = await storeDocument({ content: "The original will." });
    const swapped = await storeDocument({ id: listed.served.id, content: "Another version of it." });
    const { shared } = await release([listed]);
    const opened = verified(
      await openShared({ ...shared, documents: [swapped.served] }, depsFor(swapped.objects)),
    );
    expect(opened.documents).toEqual([{ id: listed.served.id, status: "unverified" }]);
  });

  it("refuses a manifest that does not list me", async () => {
    const a = await storeDocument({
      recipients: [{ userId: other.userId, keyFingerprint: otherFingerprint }],
    });
    const { shared, objects } = await release([a]);
    const opened = verified(await openShared(shared, depsFor(objects)));
    expect(opened.documents).toEqual([{ id: a.served.id, status: "unverified" }]);
  });

  it("refuses a manifest that lists me with another key", async () => {
    const a = await storeDocument({ recipients: [{ userId: me.userId, keyFingerprint: otherFingerprint }] });
    const { shared, objects } = await release([a]);
    const opened = verified(await openShared(shared, depsFor(objects)));
    expect(opened.documents).toEqual([{ id: a.served.id, status: "unverified" }]);
  });

  it("refuses a manifest signed by another key", async () => {
    const a = await storeDocument({ signingKey: other.signingKey });
    const { shared, objects } = await release([a]);
    const opened = verified(await openShared(shared, depsFor(objects)));
    expect(opened.documents).toEqual([{ id: a.served.id, status: "unverified" }]);
  });

  it("refuses a header that is not the one the manifest pins", async () => {
    const a = await storeDocument({ name: "deeds.txt" });
    const b = await storeDocument({ name: "renamed.txt" });
    const { shared, objects } = await release([a]);
    const headerOfB = b.objects.get(documentPaths(owner.userId, b.served.id, 1).header);
    objects.set(documentPaths(owner.userId, a.served.id, 1).header, headerOfB as Uint8Array<ArrayBuffer>);
    const opened = verified(await openShared(shared, depsFor(objects)));
    expect(opened.documents).toEqual([{ id: a.served.id, status: "unverified" }]);
  });

  it("says a document wrapped to another key cannot be opened with mine", async () => {
    const a = await storeDocument({ wrapTo: other.publicKeyPem });
    const { shared, objects } = await release([a]);
    const opened = verified(await openShared(shared, depsFor(objects)));
    expect(opened.documents).toEqual([{ id: a.served.id, status: "unopenable" }]);
  });

  it("refuses a letter whose digest is not the listed one, and shows none of it", async () => {
    const { shared, objects, letter } = await release([await storeDocument({})]);
    const served = shared.letter as NonNullable<LegacyShared["letter"]>;
    // The same key and id, other words: it would decrypt, but it is not what the owner signed.
    const forged = await sealedText(served.id, "Give everything to the bearer.", "letter", letter.dek);
    const opened = verified(
      await openShared({ ...shared, letter: { ...served, sealed: forged.sealed } }, depsFor(objects)),
    );
    expect(opened.text).toEqual({ id: served.id, purpose: "letter", status: "unverified" });
  });

  it("refuses a letter the owner did not list", async () => {
    const { shared, objects } = await release([await storeDocument({})]);
    const served = shared.letter as NonNullable<LegacyShared["letter"]>;
    const opened = verified(
      await openShared(
        { ...shared, letter: { ...served, id: globalThis.crypto.randomUUID() } },
        depsFor(objects),
      ),
    );
    expect(opened.text).toBeNull();
    expect(opened.unlisted).toEqual([{ kind: "letter", id: expect.any(String) }]);
    expect(opened.missing).toEqual([{ kind: "letter", id: served.id }]);
  });
});

describe("a drill", () => {
  async function drill(text = "This is only a test.") {
    const id = globalThis.crypto.randomUUID();
    const sealed = await sealedText(id, text, "drill");
    const statement = {
      planId: globalThis.crypto.randomUUID(),
      kind: "drill" as const,
      version: 1,
      ownerId: owner.userId,
      recipient: { userId: me.userId, keyFingerprint: myFingerprint },
      items: [{ kind: "drill" as const, id, digest: sealed.digest }],
    };
    const shared: LegacyShared = {
      id,
      kind: "drill",
      owner: {
        id: owner.userId,
        name: "Olive Owner",
        email: "olive@example.com",
        signingPublicKeyPem: owner.signingPublicKeyPem,
      },
      history: [],
      releasedAt: "2026-11-24T10:00:00.000Z",
      expiresAt: "2026-12-01T10:00:00.000Z",
      itemCount: 1,
      statement: await signFor(statement),
      letter: {
        id,
        sealed: sealed.sealed,
        wrappedDek: await wrapDekForRecipient(me.publicKeyPem, sealed.dek),
      },
      documents: [],
    };
    return { shared, statement, sealed };
  }

  it("opens its dummy document as a drill", async () => {
    const { shared } = await drill();
    const opened = verified(await openShared(shared, depsFor(new Map())));
    expect(opened.kind).toBe("drill");
    expect(opened.text).toMatchObject({ status: "ready", purpose: "drill", text: "This is only a test." });
  });

  it("refuses a drill statement that lists another item, or more than one", async () => {
    const { shared, statement, sealed } = await drill();
    const another = { kind: "drill" as const, id: globalThis.crypto.randomUUID(), digest: sealed.digest };
    for (const items of [[another], [...statement.items, another]]) {
      expect(
        await openShared(
          { ...shared, statement: await signFor({ ...statement, items }) },
          depsFor(new Map()),
        ),
      ).toEqual({ state: "invalid" });
    }
  });

  it("does not show a letter's text as a drill", async () => {
    const { shared } = await drill();
    const served = shared.letter as NonNullable<LegacyShared["letter"]>;
    const asLetter = await sealedText(served.id, "A real letter.", "letter");
    const statement = JSON.parse((shared.statement as { statement: string }).statement);
    const resigned = await signFor({
      ...statement,
      items: [{ kind: "drill", id: served.id, digest: asLetter.digest }],
    });
    const opened = verified(
      await openShared(
        {
          ...shared,
          statement: resigned,
          letter: {
            ...served,
            sealed: asLetter.sealed,
            wrappedDek: await wrapDekForRecipient(me.publicKeyPem, asLetter.dek),
          },
        },
        depsFor(new Map()),
      ),
    );
    expect(opened.text).toMatchObject({ status: "unverified" });
  });

  it("refuses documents served with a drill", async () => {
    const { shared } = await drill();
    const planted = await storeDocument({});
    const opened = verified(
      await openShared({ ...shared, documents: [planted.served] }, depsFor(planted.objects)),
    );
    expect(opened.documents).toEqual([]);
    expect(opened.unlisted).toEqual([{ kind: "document", id: planted.served.id }]);
  });
});
