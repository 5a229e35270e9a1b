// Round trips of every format this package writes, as plain async functions with no test framework, so that the very
// same cases run in Node (round-trip.test.ts) and in Chromium (browser.test.ts via browser-suite.ts).

import {
  createAccountKeys,
  createRecoveryKit,
  recoverWithRecoveryKey,
  recoveryAuthKeyFromText,
  rewrapForNewPassword,
  unlockAccount,
} from "../account.ts";
import { signContactConfirmation, verifyContactConfirmation } from "../contact-confirmation.ts";
import { openContactDetails, sealContactDetails } from "../contact-details.ts";
import {
  decryptEncryptedDek,
  generateDek,
  generateEncryptedDek,
  importDekKey,
  unwrapDekForOwner,
  unwrapDekForRecipient,
  wrapDekForOwner,
  wrapDekForRecipient,
} from "../dek.ts";
import {
  base64AnyToBytes,
  base64ToBytes,
  base64UrlToBytes,
  bytesToBase64,
  bytesToBase64Url,
  bytesToHex,
  hexToBytes,
} from "../encoding.ts";
import { CryptoErrorMessage } from "../errors.ts";
import {
  chunkCountFor,
  decryptFileChunk,
  decryptFileHeader,
  encryptFileChunk,
  encryptFileHeader,
} from "../file-format.ts";
import {
  chunkObjectsStream,
  createFileDecryptor,
  createFileEncryptor,
  type EncryptedChunk,
  type FileEncryptOptions,
} from "../file-stream.ts";
import { fingerprintPhrase, publicKeyFingerprintHex } from "../fingerprint.ts";
import { openItemText, sealItemText } from "../item-text.ts";
import {
  dangerouslyExportVaultKeyB64,
  deriveAuthKey,
  deriveVaultKey,
  importVaultKeyB64,
  VAULT_KDF_PARAMS,
} from "../kdf.ts";
import {
  ciphertextDigestHex,
  digestHex,
  manifestContentDigestHex,
  sha256HexOfText,
  signManifest,
  verifyManifest,
} from "../manifest.ts";
import { openPlanDetails, sealPlanDetails } from "../plan-details.ts";
import { signPlanStatement, verifyPlanStatement } from "../plan-statement.ts";
import { argon2idImplementation, randomBytes } from "../primitives.ts";
import { decryptPrivateKey } from "../private-keys.ts";
import { formatRecoveryKey, parseRecoveryKey } from "../recovery-key.ts";
import type { Bytes, DekKey, VaultKey } from "../types.ts";
import type { CryptoWorkerClient } from "../worker-client.ts";
import { assert, assertBytesEqual, assertEqual, assertRejects } from "./assert.ts";

export interface RoundTripCase {
  readonly name: string;
  readonly run: (fixtures: Fixtures) => Promise<void>;
}

/** Expensive things made once per run (Argon2id at full cost, RSA-4096 key pairs). */
export interface Fixtures {
  readonly saltHex: string;
  readonly vaultKey: VaultKey;
  readonly owner: Awaited<ReturnType<typeof createAccountKeys>>;
  readonly recipient: Awaited<ReturnType<typeof createAccountKeys>>;
  /** Present only where real Web Workers exist (the browser run). */
  readonly startWorkers?: (count: number) => CryptoWorkerClient;
}

export const PASSWORD = "correct horse battery staple ✓";
export const OWNER_ID = "user-owner-1";
export const RECIPIENT_ID = "user-recipient-2";

export async function makeFixtures(startWorkers?: (count: number) => CryptoWorkerClient): Promise<Fixtures> {
  const saltHex = bytesToHex(randomBytes(40));
  const vaultKey = await deriveVaultKey(PASSWORD, saltHex, VAULT_KDF_PARAMS, { extractable: true });
  const recipientVaultKey = await deriveVaultKey("another password", saltHex);
  const [owner, recipient] = await Promise.all([
    createAccountKeys(vaultKey, OWNER_ID),
    createAccountKeys(recipientVaultKey, RECIPIENT_ID),
  ]);
  return { saltHex, vaultKey, owner, recipient, ...(startWorkers ? { startWorkers } : {}) };
}

function patternBytes(length: number, seed = 7): Bytes {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  await stream.pipeTo(new WritableStream({ write: (item) => void out.push(item) }));
  return out;
}

function joinBytes(parts: readonly Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Feeds `bytes` in uneven pieces, so chunk boundaries never line up with input boundaries. */
function unevenStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  let step = 1;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      step = (step * 7 + 3) % 997;
      const end = Math.min(bytes.length, offset + step + 1);
      controller.enqueue(bytes.slice(offset, end));
      offset = end;
    },
  });
}

async function fileRoundTrip(
  dekKey: DekKey,
  plaintext: Bytes,
  options: Omit<FileEncryptOptions, "size" | "name">,
  factories?: Pick<CryptoWorkerClient, "createFileEncryptor" | "createFileDecryptor">,
) {
  const progress: number[] = [];
  const encryptOptions = {
    ...options,
    name: "letter.pdf",
    size: plaintext.length,
    onProgress: (p: { done: number }) => progress.push(p.done),
  };
  const encryptor = await (factories?.createFileEncryptor ?? createFileEncryptor)(dekKey, encryptOptions);
  const chunks = await collect(unevenStream(plaintext).pipeThrough(encryptor.stream));
  assertEqual(chunks.length, encryptor.chunkCount, "chunk count");
  chunks.forEach((chunk, i) => {
    assertEqual(chunk.index, i, "chunk order");
  });
  assertEqual(progress.at(-1), plaintext.length, "progress reaches the size");
  const decryptor = await (factories?.createFileDecryptor ?? createFileDecryptor)(dekKey, {
    fileId: options.fileId,
    headerObject: encryptor.headerObject,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  });
  assertEqual(decryptor.header.type, "application/pdf", "header type from the extension");
  assertEqual(decryptor.header.size, plaintext.length, "header size");
  const byteStream = new ReadableStream<EncryptedChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  }).pipeThrough(chunkObjectsStream());
  const output = joinBytes(await collect(byteStream.pipeThrough(decryptor.stream)));
  assertBytesEqual(output, plaintext, `file of ${plaintext.length} bytes`);
  return { encryptor, chunks };
}

export const roundTripCases: readonly RoundTripCase[] = [
  {
    name: "encodings: base64, base64url, hex",
    async run() {
      for (const length of [0, 1, 2, 3, 31, 32, 33, 257]) {
        const bytes = patternBytes(length, length + 1);
        assertBytesEqual(base64ToBytes(bytesToBase64(bytes)), bytes, `base64 ${length}`);
        assertBytesEqual(base64UrlToBytes(bytesToBase64Url(bytes)), bytes, `base64url ${length}`);
        assertBytesEqual(base64AnyToBytes(bytesToBase64Url(bytes)), bytes, `either ${length}`);
        assertBytesEqual(hexToBytes(bytesToHex(bytes)), bytes, `hex ${length}`);
      }
    },
  },
  {
    name: "vault key: derivation is deterministic, the auth key is stable, session export round-trips",
    async run({ saltHex, vaultKey }) {
      const again = await deriveVaultKey(PASSWORD, saltHex);
      const authKey = await deriveAuthKey(vaultKey);
      assertEqual(await deriveAuthKey(again), authKey, "same password, same auth key");
      assert(/^[A-Za-z0-9_-]{43}$/.test(authKey), "auth key is 32 bytes of base64url");
      const stored = await dangerouslyExportVaultKeyB64(vaultKey);
      assertEqual(base64ToBytes(stored).length, 32, "stored vault key length");
      assertEqual(await deriveAuthKey(await importVaultKeyB64(stored)), authKey, "reloaded vault key");
      const other = await deriveVaultKey(`${PASSWORD}!`, saltHex);
      assert((await deriveAuthKey(other)) !== authKey, "another password, another auth key");
    },
  },
  {
    name: "vault key: Argon2id runs in the reference WebAssembly with SIMD, not the slower fallback",
    async run() {
      assertEqual(await argon2idImplementation(), "reference-simd", "Argon2id implementation");
    },
  },
  {
    name: "account: create, unlock, decrypt the private key",
    async run({ vaultKey, owner }) {
      assert(owner.blobs.encryptedPrivateKey.startsWith("v1."), "versioned blob");
      assert(owner.blobs.publicKeyPem.startsWith("-----BEGIN PUBLIC KEY-----\n"), "PEM public key");
      const unlocked = await unlockAccount(vaultKey, OWNER_ID, owner.blobs);
      assertEqual(unlocked.privateKey.extractable, false, "private key is not extractable");
      assertEqual(unlocked.accountKey.extractable, false, "account key is not extractable");
      await decryptPrivateKey({
        vaultKey,
        userId: OWNER_ID,
        encryptedPrivateKey: owner.blobs.encryptedPrivateKey,
      });
      await assertRejects(
        () => decryptPrivateKey({ vaultKey, userId: OWNER_ID, encryptedPrivateKey: "nocolon" }),
        CryptoErrorMessage.malformedEncryptedPrivateKey,
        "malformed",
      );
    },
  },
  {
    name: "account: password change re-wraps only the vault blobs; old DEK wraps still open",
    async run({ vaultKey, owner, saltHex }) {
      const dek = generateDek();
      const context = { userId: OWNER_ID, itemId: "doc-before-change" };
      const wrapped = await wrapDekForOwner(owner.unlocked.accountKey, dek, context);
      const newVaultKey = await deriveVaultKey("a brand new password", saltHex);
      const rewrapped = await rewrapForNewPassword({
        userId: OWNER_ID,
        oldVaultKey: vaultKey,
        newVaultKey,
        blobs: owner.blobs,
      });
      const unlocked = await unlockAccount(newVaultKey, OWNER_ID, { ...owner.blobs, ...rewrapped });
      assertBytesEqual(
        await unwrapDekForOwner(unlocked.accountKey, wrapped, context),
        dek,
        "DEK after password change",
      );
      await assertRejects(
        () => unlockAccount(vaultKey, OWNER_ID, { ...owner.blobs, ...rewrapped }),
        CryptoErrorMessage.dekDecryptionFailed,
        "old password no longer opens",
      );
    },
  },
  {
    name: "recovery key: format, parse, recover, replace the kit",
    async run({ vaultKey, owner, saltHex }) {
      const bytes = await parseRecoveryKey(owner.recoveryKeyText.toLowerCase().replaceAll("-", " "));
      assertEqual(await formatRecoveryKey(bytes), owner.recoveryKeyText, "format(parse(text)) = text");
      assertEqual(
        await recoveryAuthKeyFromText(owner.recoveryKeyText),
        owner.recoveryAuthKey,
        "recovery auth key",
      );
      const newVaultKey = await deriveVaultKey("chosen after forgetting", saltHex);
      const recovered = await recoverWithRecoveryKey({
        userId: OWNER_ID,
        recoveryKeyText: owner.recoveryKeyText,
        recovery: owner.recovery,
        newVaultKey,
      });
      await unlockAccount(newVaultKey, OWNER_ID, { ...owner.blobs, ...recovered });
      const kit = await createRecoveryKit({ userId: OWNER_ID, vaultKey, blobs: owner.blobs });
      assert(kit.recoveryKeyText !== owner.recoveryKeyText, "a new recovery key");
      await recoverWithRecoveryKey({
        userId: OWNER_ID,
        recoveryKeyText: kit.recoveryKeyText,
        recovery: kit.recovery,
        newVaultKey,
      });
    },
  },
  {
    name: "item DEK: owner wrap, recipient wrap, SPEC's array helper",
    async run({ owner, recipient }) {
      const dek = generateDek();
      const context = { userId: OWNER_ID, itemId: "item-42" };
      const forOwner = await wrapDekForOwner(owner.unlocked.accountKey, dek, context);
      assertBytesEqual(
        await unwrapDekForOwner(owner.unlocked.accountKey, forOwner, context),
        dek,
        "owner wrap",
      );
      const forRecipient = await wrapDekForRecipient(recipient.blobs.publicKeyPem, dek);
      assertBytesEqual(
        await unwrapDekForRecipient(recipient.unlocked.privateKey, forRecipient),
        dek,
        "recipient wrap",
      );
      assertEqual(
        await unwrapDekForRecipient(owner.unlocked.privateKey, forRecipient),
        null,
        "wrong private key",
      );
      const arrays = await generateEncryptedDek(owner.unlocked.accountKey, context);
      assertEqual(arrays.iv.length, 12, "iv array");
      assertEqual(arrays.ciphertext.length, 48, "ciphertext array");
      assertEqual(
        (await decryptEncryptedDek(owner.unlocked.accountKey, arrays, context)).length,
        32,
        "array helper",
      );
    },
  },
  {
    name: "file: streams of 0, 1, chunk-1, chunk, chunk+1 and many chunks, with concurrency",
    async run() {
      const dekKey = await importDekKey(generateDek());
      const chunkSize = 4096;
      for (const size of [0, 1, chunkSize - 1, chunkSize, chunkSize + 1, 5 * chunkSize + 17]) {
        for (const concurrency of [1, 3]) {
          await fileRoundTrip(dekKey, patternBytes(size, size), {
            fileId: `file-${size}`,
            chunkSize,
            concurrency,
          });
        }
      }
    },
  },
  {
    name: "file: default 4 MiB chunks, digests, signed manifest verified by the recipient",
    async run({ owner, recipient }) {
      const dek = generateDek();
      const dekKey = await importDekKey(dek);
      const plaintext = patternBytes(9 * 1024 * 1024 + 5);
      const { encryptor, chunks } = await fileRoundTrip(dekKey, plaintext, {
        fileId: "doc-7/v1",
        digests: true,
        concurrency: 2,
      });
      assertEqual(chunks.length, 3, "three 4 MiB chunks");
      const manifest = {
        documentId: "doc-7",
        version: 1,
        fileId: "doc-7/v1",
        ownerId: OWNER_ID,
        chunkCount: chunks.length,
        headerDigest: await digestHex(encryptor.headerObject),
        ciphertextDigest: await ciphertextDigestHex(chunks.map((c) => c.digest as Uint8Array)),
        recipients: [
          {
            userId: RECIPIENT_ID,
            keyFingerprint: await publicKeyFingerprintHex(recipient.blobs.publicKeyPem),
          },
        ],
      };
      const signed = await signManifest(owner.unlocked.signingKey, manifest);
      assert(await verifyManifest(owner.blobs.signingPublicKeyPem, signed), "manifest verifies");
      const forged = { ...signed, manifest: { ...manifest, chunkCount: 2 } };
      assert(!(await verifyManifest(owner.blobs.signingPublicKeyPem, forged)), "changed manifest fails");
      assert(!(await verifyManifest(recipient.blobs.signingPublicKeyPem, signed)), "another signer fails");
    },
  },
  {
    name: "file: chunk by index, as a resumed upload does it",
    async run() {
      const dekKey = await importDekKey(generateDek());
      const fileId = "resumable";
      const plaintext = patternBytes(10_000);
      const header = { name: "notes.txt", type: "text/plain", size: plaintext.length, chunkSize: 3000 };
      const headerObject = await encryptFileHeader(dekKey, fileId, header);
      const decoded = await decryptFileHeader(dekKey, fileId, headerObject);
      assertEqual(decoded.name, "notes.txt", "header name");
      const count = chunkCountFor(header);
      const objects: Bytes[] = [];
      for (let index = 0; index < count; index++) {
        const piece = plaintext.slice(index * 3000, index * 3000 + 3000);
        const first = await encryptFileChunk(dekKey, { fileId, layout: header, index, plaintext: piece });
        // Encrypting the same chunk again (a retry) must use a new nonce.
        const retried = await encryptFileChunk(dekKey, { fileId, layout: header, index, plaintext: piece });
        assert(
          bytesToHex(first.subarray(0, 12)) !== bytesToHex(retried.subarray(0, 12)),
          "fresh nonce on retry",
        );
        objects.push(index % 2 ? first : retried);
      }
      const parts: Bytes[] = [];
      for (const [index, chunkObject] of objects.entries()) {
        parts.push(await decryptFileChunk(dekKey, { fileId, layout: decoded, index, chunkObject }));
      }
      assertBytesEqual(joinBytes(parts), plaintext, "chunks by index");
    },
  },
  {
    name: "fingerprint phrase: six words, stable, different per key",
    async run({ owner, recipient }) {
      const phrase = await fingerprintPhrase(owner.blobs.publicKeyPem);
      assertEqual(phrase.split(" ").length, 6, "six words");
      assertEqual(await fingerprintPhrase(owner.blobs.publicKeyPem), phrase, "stable");
      assert(phrase !== (await fingerprintPhrase(recipient.blobs.publicKeyPem)), "differs per key");
    },
  },
  {
    name: "legacy contact: sealed details, a signed confirmation checked before wrapping",
    async run({ owner, recipient }) {
      const { accountKey, signingKey, signingPublicKeyPem } = owner.unlocked;
      const context = { userId: OWNER_ID, email: " Ana@Example.org" };
      const details = { name: "Ana", relationship: "Niece ✓" };
      const sealed = await sealContactDetails(accountKey, context, details);
      const opened = await openContactDetails(
        accountKey,
        { userId: OWNER_ID, email: "ana@example.org" },
        sealed,
      );
      assertEqual(JSON.stringify(opened), JSON.stringify(details), "details round trip");
      await assertRejects(
        () => openContactDetails(accountKey, { userId: OWNER_ID, email: "bo@example.org" }, sealed),
        CryptoErrorMessage.decryptionFailed,
        "details moved to another contact",
      );
      const statement = {
        ownerId: OWNER_ID,
        contactId: "contact-1",
        contactUserId: RECIPIENT_ID,
        keyFingerprint: await publicKeyFingerprintHex(recipient.blobs.publicKeyPem),
      };
      const signature = await signContactConfirmation(signingKey, statement);
      assert(
        await verifyContactConfirmation(signingPublicKeyPem, statement, signature),
        "confirmation verifies",
      );
      const swapped = {
        ...statement,
        keyFingerprint: await publicKeyFingerprintHex(owner.blobs.publicKeyPem),
      };
      assert(
        !(await verifyContactConfirmation(signingPublicKeyPem, swapped, signature)),
        "swapped key fails",
      );
    },
  },
  {
    name: "legacy plan: details, a letter wrapped to the recipient, a statement the recipient checks",
    async run({ owner, recipient }) {
      const { accountKey, signingKey, signingPublicKeyPem } = owner.unlocked;
      const plan = { userId: OWNER_ID, planId: "plan-1" };
      const details = { name: "For Sam", labels: ["Family"] };
      const sealedDetails = await sealPlanDetails(accountKey, plan, details);
      const openedDetails = await openPlanDetails(accountKey, plan, sealedDetails);
      assertEqual(JSON.stringify(openedDetails), JSON.stringify(details), "plan details round trip");

      // The owner: a letter under its own DEK, the DEK for the owner and the recipient, the statement.
      const letterDek = generateDek();
      const letter = { ownerId: OWNER_ID, itemId: "letter-1", purpose: "letter" } as const;
      const sealedLetter = await sealItemText(letterDek, letter, "Dear Sam ✉");
      const ownerCopy = await wrapDekForOwner(accountKey, letterDek, {
        userId: OWNER_ID,
        itemId: "letter-1",
      });
      const recipientCopy = await wrapDekForRecipient(recipient.blobs.publicKeyPem, letterDek);
      const manifest = {
        documentId: "doc-1",
        version: 1,
        fileId: "doc-1/v1",
        ownerId: OWNER_ID,
        chunkCount: 1,
        headerDigest: "1".repeat(64),
        ciphertextDigest: "2".repeat(64),
        recipients: [],
      };
      const keyFingerprint = await publicKeyFingerprintHex(recipient.blobs.publicKeyPem);
      const reSigned = await signManifest(signingKey, {
        ...manifest,
        recipients: [{ userId: RECIPIENT_ID, keyFingerprint }],
      });
      const signed = await signPlanStatement(signingKey, {
        planId: "plan-1",
        kind: "release",
        version: 2,
        ownerId: OWNER_ID,
        recipient: { userId: RECIPIENT_ID, keyFingerprint },
        items: [
          { kind: "letter", id: "letter-1", digest: await sha256HexOfText(sealedLetter) },
          { kind: "document", id: "doc-1", digest: await manifestContentDigestHex(manifest) },
        ],
      });

      // The recipient: as stored (JSON), verified, then each item checked against it.
      const stored = JSON.parse(JSON.stringify(signed));
      assert(await verifyPlanStatement(signingPublicKeyPem, stored), "statement verifies");
      const [documentItem, letterItem] = stored.statement.items;
      assertEqual(documentItem.digest, await manifestContentDigestHex(reSigned.manifest), "document digest");
      assertEqual(letterItem.digest, await sha256HexOfText(sealedLetter), "letter digest");
      const dek = await unwrapDekForRecipient(recipient.unlocked.privateKey, recipientCopy);
      assert(dek, "recipient unwraps the letter's DEK");
      assertEqual(await openItemText(dek, letter, sealedLetter), "Dear Sam ✉", "recipient reads the letter");
      assertBytesEqual(
        await unwrapDekForOwner(accountKey, ownerCopy, { userId: OWNER_ID, itemId: "letter-1" }),
        letterDek,
        "owner copy",
      );
      const dropped = { ...stored, statement: { ...stored.statement, items: [documentItem] } };
      assert(!(await verifyPlanStatement(signingPublicKeyPem, dropped)), "dropped item fails");
      await assertRejects(
        () => openItemText(dek, { ...letter, purpose: "drill" }, sealedLetter),
        CryptoErrorMessage.decryptionFailed,
        "a letter is not a drill",
      );
    },
  },
  {
    name: "tamper: every blob and chunk fails closed",
    async run({ vaultKey, owner }) {
      const blob = owner.blobs.encryptedPrivateKey;
      const flipped = blob.slice(0, -3) + (blob.at(-3) === "A" ? "B" : "A") + blob.slice(-2);
      await assertRejects(
        () => decryptPrivateKey({ vaultKey, userId: OWNER_ID, encryptedPrivateKey: flipped }),
        CryptoErrorMessage.privateKeyDecryptionFailed,
        "flipped private key blob",
      );
      await assertRejects(
        () =>
          decryptPrivateKey({
            vaultKey,
            userId: OWNER_ID,
            encryptedPrivateKey: owner.blobs.encryptedSigningPrivateKey,
          }),
        CryptoErrorMessage.privateKeyDecryptionFailed,
        "signing key blob in the RSA key's field",
      );
      const dekKey = await importDekKey(generateDek());
      const { encryptor, chunks } = await fileRoundTrip(dekKey, patternBytes(3000), {
        fileId: "a",
        chunkSize: 1000,
      });
      const header = await decryptFileHeader(dekKey, "a", encryptor.headerObject);
      const second = chunks[1] as EncryptedChunk;
      const object = joinBytes([second.nonce, second.ciphertext]);
      object[20] = (object[20] as number) ^ 1;
      await assertRejects(
        () => decryptFileChunk(dekKey, { fileId: "a", layout: header, index: 1, chunkObject: object }),
        /^File decryption failed/,
        "bit flip",
      );
      await assertRejects(
        () => decryptFileHeader(dekKey, "b", encryptor.headerObject),
        /^File decryption failed/,
        "header of another file",
      );
    },
  },
  {
    name: "worker: the same API through real Web Workers, files spread over two workers",
    async run({ startWorkers, owner, vaultKey }) {
      if (!startWorkers) return; // Node has no Web Workers; worker.test.ts covers the protocol over a MessageChannel.
      const client = startWorkers(2);
      try {
        const unlocked = await client.api.unlockAccount(vaultKey, OWNER_ID, owner.blobs);
        const dek = await client.api.generateDek();
        const dekKey = await client.api.importDekKey(dek);
        const context = { userId: OWNER_ID, itemId: "via-worker" };
        const wrapped = await client.api.wrapDekForOwner(unlocked.accountKey, dek, context);
        assertBytesEqual(
          await unwrapDekForOwner(owner.unlocked.accountKey, wrapped, context),
          dek,
          "worker wrap opens here",
        );
        await fileRoundTrip(
          dekKey,
          patternBytes(50_000),
          { fileId: "w", chunkSize: 4096, concurrency: 3 },
          client,
        );
        await assertRejects(
          () =>
            client.api.decryptPrivateKey({ vaultKey: null, userId: OWNER_ID, encryptedPrivateKey: "x:y" }),
          CryptoErrorMessage.missingVaultKeyOrPrivateKey,
          "errors keep their exact text across the worker boundary",
        );
      } finally {
        client.close();
      }
    },
  },
];

export interface CaseResult {
  readonly name: string;
  readonly ok: boolean;
  readonly error?: string;
}

export async function runRoundTripCases(fixtures: Fixtures): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const testCase of roundTripCases) {
    try {
      await testCase.run(fixtures);
      results.push({ name: testCase.name, ok: true });
    } catch (error) {
      results.push({
        name: testCase.name,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  }
  return results;
}
