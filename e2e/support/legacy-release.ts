import { randomBytes, randomUUID } from "node:crypto";
import {
  ciphertextDigestHex,
  contentTypeForName,
  type DekBytes,
  deriveVaultKey,
  digestBytes,
  digestHex,
  encryptFileChunk,
  encryptFileHeader,
  generateDek,
  importDekKey,
  manifestContentDigestHex,
  type PlanStatementItem,
  publicKeyFingerprintHex,
  sealContactDetails,
  sealItemText,
  sealPlanDetails,
  sha256HexOfText,
  signContactConfirmation,
  signManifest,
  signPlanStatement,
  type UnlockedAccount,
  unlockAccount,
  wrapDekForOwner,
  wrapDekForRecipient,
} from "@heirloom/crypto";
import { type HttpClient, signInHttp, type TestAccount } from "./accounts.ts";
import { waitForMail } from "./mail.ts";

// Releases and drills made as the owner's browser makes them, with the real crypto package in Node and the same HTTP
// calls: a confirmed contact (invitation, acceptance, the owner's signed confirmation), documents uploaded through
// the storage API (key, header, chunks, the signed manifest naming the recipient), a share-now plan with a letter, and
// the wraps with the owner's signed plan statement. Until the owner's plan pages exist, this is how a journey gets a
// release to open.

export interface Unlocked {
  readonly http: HttpClient;
  readonly keys: UnlockedAccount;
}

/** Signs in over HTTP and opens the account's keys, as the login page does. */
export async function unlock(baseUrl: string, account: TestAccount): Promise<Unlocked> {
  const http = await signInHttp(baseUrl, account.email, account.password);
  const stored = await http.ok<{
    userId: string;
    saltHex: string;
    blobs: Parameters<typeof unlockAccount>[2];
  }>("GET", "/api/account/keys");
  const vaultKey = await deriveVaultKey(account.password, stored.saltHex, account.kdf);
  return { http, keys: await unlockAccount(vaultKey, stored.userId, stored.blobs) };
}

/** POST /v0/b/heirloom/o?name=: one object, as features/documents/storage-client.ts uploads it. */
async function putObject(http: HttpClient, path: string, bytes: Uint8Array): Promise<void> {
  const boundary = `heirloom-e2e-${randomBytes(8).toString("hex")}`;
  const metadata = JSON.stringify({ size: bytes.length, contentType: "application/octet-stream" });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${metadata}\r\n--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${http.baseUrl}/v0/b/heirloom/o?name=${encodeURIComponent(path)}`, {
    method: "POST",
    headers: {
      origin: http.baseUrl,
      "x-forwarded-for": http.address,
      "x-firebase-gmpid": "heirloom-web",
      "x-goog-upload-protocol": "multipart",
      "content-type": `multipart/related; boundary=${boundary}`,
      cookie: [...http.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
    body,
  });
  if (!response.ok)
    throw new Error(`upload of ${path} answered ${response.status}: ${await response.text()}`);
}

export interface Recipient {
  readonly contactId: string;
  readonly userId: string;
  readonly publicKeyPem: string;
  readonly keyFingerprint: string;
}

/** Invites `contact`, accepts as them (the mailed link's token), and confirms their key as the owner. */
export async function confirmedContact(
  baseUrl: string,
  mailDir: string,
  owner: Unlocked,
  contact: TestAccount,
): Promise<Recipient> {
  const since = Date.now();
  const details = await sealContactDetails(
    owner.keys.accountKey,
    { userId: owner.keys.userId, email: contact.email },
    { name: contact.name, relationship: "Friend" },
  );
  const invited = await owner.http.ok<{ id: string }>("POST", "/api/legacy/contacts", {
    email: contact.email,
    details,
  });
  const mail = await waitForMail(mailDir, contact.email, { since });
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error("no invitation link in the mail");
  const contactHttp = await signInHttp(baseUrl, contact.email, contact.password);
  await contactHttp.ok("POST", "/api/legacy/invitation/accept", { token });
  const list = await owner.http.ok<{
    contacts: { id: string; contact: { userId: string; publicKeyPem: string } | null }[];
  }>("GET", "/api/legacy/contacts");
  const account = list.contacts.find((c) => c.id === invited.id)?.contact;
  if (!account) throw new Error("the contact did not accept");
  const keyFingerprint = await publicKeyFingerprintHex(account.publicKeyPem);
  const signature = await signContactConfirmation(owner.keys.signingKey, {
    ownerId: owner.keys.userId,
    contactId: invited.id,
    contactUserId: account.userId,
    keyFingerprint,
  });
  await owner.http.ok("POST", `/api/legacy/contacts/${invited.id}/confirm`, {
    fingerprintHex: keyFingerprint,
    signature,
  });
  return {
    contactId: invited.id,
    userId: account.userId,
    publicKeyPem: account.publicKeyPem,
    keyFingerprint,
  };
}

export interface StoredDocument {
  readonly id: string;
  readonly name: string;
  readonly dek: DekBytes;
  readonly digest: string;
}

/** A document in the owner's vault, as the upload writes it, with a manifest naming `recipients`. */
export async function storeDocument(
  owner: Unlocked,
  file: { name: string; bytes: Uint8Array },
  recipients: readonly Recipient[],
): Promise<StoredDocument> {
  const id = randomUUID();
  const userId = owner.keys.userId;
  const folder = `users/${userId}/documents/${id}/`;
  const fileId = `${id}/v1`;
  const chunkSize = 4 * 1024 * 1024;
  const dek = generateDek();
  const dekKey = await importDekKey(dek);
  await putObject(
    owner.http,
    `${folder}key`,
    utf8(await wrapDekForOwner(owner.keys.accountKey, dek, { userId, itemId: id })),
  );
  const header = await encryptFileHeader(dekKey, fileId, {
    name: file.name,
    type: contentTypeForName(file.name),
    size: file.bytes.length,
    chunkSize,
  });
  await putObject(owner.http, `${folder}v1/header`, header);
  const layout = { size: file.bytes.length, chunkSize };
  const count = Math.max(1, Math.ceil(file.bytes.length / chunkSize));
  const digests: Uint8Array[] = [];
  for (let index = 0; index < count; index++) {
    const plaintext = new Uint8Array(file.bytes.subarray(index * chunkSize, (index + 1) * chunkSize));
    const chunk = await encryptFileChunk(dekKey, { fileId, layout, index, plaintext });
    await putObject(owner.http, `${folder}v1/chunks/${String(index).padStart(8, "0")}`, chunk);
    digests.push(await digestBytes(chunk));
  }
  const signed = await signManifest(owner.keys.signingKey, {
    documentId: id,
    version: 1,
    fileId,
    ownerId: userId,
    chunkCount: count,
    headerDigest: await digestHex(header),
    ciphertextDigest: await ciphertextDigestHex(digests),
    recipients: recipients.map((r) => ({ userId: r.userId, keyFingerprint: r.keyFingerprint })),
  });
  const manifest = utf8(JSON.stringify(signed));
  await putObject(
    owner.http,
    `${folder}v1/manifest`,
    await encryptFileChunk(dekKey, {
      fileId: `${id}/v1/manifest`,
      layout: { size: manifest.length, chunkSize: Math.max(1, manifest.length) },
      index: 0,
      plaintext: manifest,
    }),
  );
  return { id, name: file.name, dek, digest: await manifestContentDigestHex(signed.manifest) };
}

const utf8 = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

interface PlanRow {
  id: string;
  version: number;
}

const shareNowSettings = { trigger: { kind: "shareNow" }, trustees: null, timeLimitDays: null };

/**
 * A plan of `documents` for `recipient` with a letter, wrapped and signed: share now (released at once) unless other
 * `settings` are given.
 */
export async function shareNow(
  owner: Unlocked,
  recipient: Recipient,
  documents: readonly StoredDocument[],
  letterText: string,
  settings: object = shareNowSettings,
): Promise<string> {
  const planId = randomUUID();
  const userId = owner.keys.userId;
  await owner.http.ok("POST", "/api/legacy/plans", {
    id: planId,
    details: await sealPlanDetails(owner.keys.accountKey, { userId, planId }, { name: "For the family" }),
    settings,
  });
  if (documents.length) {
    await owner.http.ok("POST", `/api/legacy/plans/${planId}/items`, {
      items: documents.map((d) => ({ kind: "document", id: d.id })),
    });
  }
  await owner.http.ok("POST", `/api/legacy/plans/${planId}/recipients`, { contactId: recipient.contactId });
  const letterId = randomUUID();
  const letterDek = generateDek();
  const sealed = await sealItemText(
    letterDek,
    { ownerId: userId, itemId: letterId, purpose: "letter" },
    letterText,
  );
  const plan = await owner.http.ok<PlanRow>(
    "PUT",
    `/api/legacy/plans/${planId}/recipients/${recipient.contactId}/letter`,
    {
      id: letterId,
      sealed,
      ownerDek: await wrapDekForOwner(owner.keys.accountKey, letterDek, { userId, itemId: letterId }),
    },
  );
  const items: PlanStatementItem[] = [
    ...documents.map((d) => ({ kind: "document" as const, id: d.id, digest: d.digest })),
    { kind: "letter", id: letterId, digest: await sha256HexOfText(sealed) },
  ];
  const statement = await signPlanStatement(owner.keys.signingKey, {
    planId,
    kind: "release",
    version: plan.version,
    ownerId: userId,
    recipient: { userId: recipient.userId, keyFingerprint: recipient.keyFingerprint },
    items,
  });
  await owner.http.ok("PUT", `/api/legacy/plans/${planId}/recipients/${recipient.contactId}/wraps`, {
    version: plan.version,
    keyFingerprint: recipient.keyFingerprint,
    wraps: [
      ...(await Promise.all(
        documents.map(async (d) => ({
          kind: "document",
          id: d.id,
          wrappedDek: await wrapDekForRecipient(recipient.publicKeyPem, d.dek),
        })),
      )),
      {
        kind: "letter",
        id: letterId,
        wrappedDek: await wrapDekForRecipient(recipient.publicKeyPem, letterDek),
      },
    ],
    statement: { statement: JSON.stringify(statement.statement), signatureB64: statement.signatureB64 },
  });
  return planId;
}

/** A drill of `planId` to `recipient`: a dummy text under its own DEK, with the owner's signed drill statement. */
export async function sendDrill(
  owner: Unlocked,
  planId: string,
  recipient: Recipient,
  text: string,
): Promise<string> {
  const id = randomUUID();
  const dek = generateDek();
  const sealed = await sealItemText(dek, { ownerId: owner.keys.userId, itemId: id, purpose: "drill" }, text);
  const statement = await signPlanStatement(owner.keys.signingKey, {
    planId,
    kind: "drill",
    version: 1,
    ownerId: owner.keys.userId,
    recipient: { userId: recipient.userId, keyFingerprint: recipient.keyFingerprint },
    items: [{ kind: "drill", id, digest: await sha256HexOfText(sealed) }],
  });
  await owner.http.ok("POST", `/api/legacy/plans/${planId}/drills`, {
    id,
    contactId: recipient.contactId,
    keyFingerprint: recipient.keyFingerprint,
    sealed,
    wrappedDek: await wrapDekForRecipient(recipient.publicKeyPem, dek),
    statement: { statement: JSON.stringify(statement.statement), signatureB64: statement.signatureB64 },
  });
  return id;
}
