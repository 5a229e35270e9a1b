import { afterEach, describe, expect, test } from "vitest";
import { createAccountKeys } from "./account.ts";
import { verifyContactConfirmation } from "./contact-confirmation.ts";
import { openContactDetails } from "./contact-details.ts";
import { generateDek, importDekKey, unwrapDekForOwner } from "./dek.ts";
import { CryptoError, CryptoErrorMessage } from "./errors.ts";
import { createFileEncryptor } from "./file-stream.ts";
import { publicKeyFingerprintHex } from "./fingerprint.ts";
import { openItemText } from "./item-text.ts";
import { deriveAuthKey, importVaultKeyB64 } from "./kdf.ts";
import { manifestContentDigestHex, sha256HexOfText } from "./manifest.ts";
import { openPlanDetails } from "./plan-details.ts";
import { verifyPlanStatement } from "./plan-statement.ts";
import { randomBytes } from "./primitives.ts";
import type { Bytes, Progress } from "./types.ts";
import { type CryptoWorkerClient, createCryptoWorkerClient } from "./worker-client.ts";
import type { MessageEndpoint } from "./worker-protocol.ts";
import { serveCryptoApi } from "./worker-server.ts";

// The worker protocol over MessageChannels in one Node thread: the same structured cloning and transfer rules as a
// Web Worker. browser.test.ts runs the real module workers in Chromium.

const open: { close(): void }[] = [];

function connect(workers: number): { client: CryptoWorkerClient; calls: number[] } {
  const calls: number[] = [];
  const endpoints = Array.from({ length: workers }, (_, i) => {
    const channel = new MessageChannel();
    calls.push(0);
    const server = channel.port1 as unknown as MessageEndpoint;
    server.addEventListener("message", () => {
      calls[i] = (calls[i] ?? 0) + 1;
    });
    serveCryptoApi(server);
    open.push(channel.port1, channel.port2);
    return channel.port2 as unknown as MessageEndpoint;
  });
  return { client: createCryptoWorkerClient(endpoints), calls };
}

afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

const VAULT_B64 = Buffer.alloc(32, 3).toString("base64");

describe("crypto worker protocol", () => {
  test("keys cross as CryptoKeys and results match the in-thread API", async () => {
    const { client } = connect(1);
    const remoteVault = await client.api.importVaultKeyB64(VAULT_B64);
    expect(remoteVault.aesGcm).toBeInstanceOf(CryptoKey);
    expect(remoteVault.aesGcm.extractable).toBe(false);
    const localVault = await importVaultKeyB64(VAULT_B64);
    expect(await client.api.deriveAuthKey(remoteVault)).toBe(await deriveAuthKey(localVault));
  });

  test("progress callbacks arrive, and the account made in the worker opens here", async () => {
    const { client } = connect(1);
    const vaultKey = await importVaultKeyB64(VAULT_B64);
    const progress: Progress[] = [];
    const account = await client.api.createAccountKeys(vaultKey, "user-w", (p) => progress.push(p));
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3]);
    const dek = generateDek();
    const wrapped = await client.api.wrapDekForOwner(account.unlocked.accountKey, dek, {
      userId: "user-w",
      itemId: "i",
    });
    expect(
      await unwrapDekForOwner(account.unlocked.accountKey, wrapped, { userId: "user-w", itemId: "i" }),
    ).toEqual(dek);
  }, 30_000);

  test("legacy contacts: details sealed and a confirmation signed in the worker open and verify here", async () => {
    const { client } = connect(1);
    const account = await createAccountKeys(await importVaultKeyB64(VAULT_B64), "owner-w");
    const { accountKey, signingKey, signingPublicKeyPem } = account.unlocked;
    const context = { userId: "owner-w", email: "Kim@Example.com" };
    const details = { name: "Kim", relationship: "Friend" };
    const sealed = await client.api.sealContactDetails(accountKey, context, details);
    expect(await openContactDetails(accountKey, { ...context, email: "kim@example.com" }, sealed)).toEqual(
      details,
    );
    expect(await client.api.openContactDetails(accountKey, context, sealed)).toEqual(details);
    const error = await client.api
      .openContactDetails(accountKey, { ...context, email: "other@example.com" }, sealed)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CryptoError);
    expect((error as CryptoError).code).toBe("decryptionFailed");
    const statement = {
      ownerId: "owner-w",
      contactId: "c-1",
      contactUserId: "u-2",
      keyFingerprint: await publicKeyFingerprintHex(account.blobs.publicKeyPem),
    };
    const signature = await client.api.signContactConfirmation(signingKey, statement);
    expect(await verifyContactConfirmation(signingPublicKeyPem, statement, signature)).toBe(true);
    expect(await client.api.verifyContactConfirmation(signingPublicKeyPem, statement, signature)).toBe(true);
    expect(
      await client.api.verifyContactConfirmation(
        signingPublicKeyPem,
        { ...statement, contactId: "c-2" },
        signature,
      ),
    ).toBe(false);
  }, 30_000);

  test("legacy plans: details, item text and statements made in the worker open and verify here", async () => {
    const { client } = connect(1);
    const account = await createAccountKeys(await importVaultKeyB64(VAULT_B64), "owner-p");
    const { accountKey, signingKey, signingPublicKeyPem } = account.unlocked;
    const plan = { userId: "owner-p", planId: "p-1" };
    const sealed = await client.api.sealPlanDetails(accountKey, plan, { name: "Plan" });
    expect(await openPlanDetails(accountKey, plan, sealed)).toEqual({ name: "Plan" });
    expect(await client.api.openPlanDetails(accountKey, plan, sealed)).toEqual({ name: "Plan" });
    const dek = generateDek();
    const drill = { ownerId: "owner-p", itemId: "d-1", purpose: "drill" } as const;
    const text = await client.api.sealItemText(dek, drill, "dummy");
    expect(await openItemText(dek, drill, text)).toBe("dummy");
    expect(await client.api.openItemText(dek, drill, text)).toBe("dummy");
    const digest = await client.api.sha256HexOfText(text);
    expect(digest).toBe(await sha256HexOfText(text));
    const manifest = {
      documentId: "doc",
      version: 1,
      fileId: "doc/v1",
      ownerId: "owner-p",
      chunkCount: 1,
      headerDigest: "e".repeat(64),
      ciphertextDigest: "f".repeat(64),
      recipients: [],
    };
    expect(await client.api.manifestContentDigestHex(manifest)).toBe(
      await manifestContentDigestHex(manifest),
    );
    const statement = {
      planId: "p-1",
      kind: "drill",
      version: 1,
      ownerId: "owner-p",
      recipient: { userId: "u-2", keyFingerprint: "0".repeat(64) },
      items: [{ kind: "drill", id: "d-1", digest }],
    } as const;
    const signed = await client.api.signPlanStatement(signingKey, statement);
    expect(await verifyPlanStatement(signingPublicKeyPem, signed)).toBe(true);
    expect(await client.api.verifyPlanStatement(signingPublicKeyPem, signed)).toBe(true);
    const error = await client.api
      .signPlanStatement(signingKey, { ...statement, items: [...statement.items, ...statement.items] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CryptoError);
    expect((error as CryptoError).code).toBe("invalidPlanStatement");
  }, 30_000);

  test("errors keep their class, code and exact SPEC text", async () => {
    const { client } = connect(1);
    const vaultKey = await importVaultKeyB64(VAULT_B64);
    const cases: [Promise<unknown>, string][] = [
      [
        client.api.decryptPrivateKey({ vaultKey: null, encryptedPrivateKey: "a:b", userId: "u" }),
        CryptoErrorMessage.missingVaultKeyOrPrivateKey,
      ],
      [
        client.api.decryptPrivateKey({ vaultKey, encryptedPrivateKey: "ab", userId: "u" }),
        CryptoErrorMessage.malformedEncryptedPrivateKey,
      ],
      [
        client.api.decryptPrivateKey({ vaultKey, encryptedPrivateKey: "v1.AAAA:AAAA", userId: "u" }),
        CryptoErrorMessage.privateKeyDecryptionFailed,
      ],
    ];
    for (const [promise, message] of cases) {
      const error = await promise.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CryptoError);
      expect((error as Error).message).toBe(message);
    }
    await expect(client.call("nope" as "generateDek", [])).rejects.toThrow("Unknown crypto method: nope");
    expect(await client.api.unwrapDekForRecipient(vaultKey.aesGcm as never, "v1.AAAA")).toBeNull();
  });

  test("file chunks are spread over the workers, transferred rather than copied, and decrypt in order", async () => {
    const { client, calls } = connect(2);
    const dekKey = await importDekKey(generateDek());
    const size = 64 * 1024 + 3;
    const plaintext = randomBytes(size);
    const encryptor = await client.createFileEncryptor(dekKey, {
      fileId: "w",
      name: "w.txt",
      size,
      chunkSize: 4096,
      concurrency: 4,
    });
    const chunks: Bytes[] = [];
    await new Blob([plaintext])
      .stream()
      .pipeThrough(encryptor.stream)
      .pipeTo(
        new WritableStream({
          write(chunk) {
            chunks.push(chunk.nonce, chunk.ciphertext);
          },
        }),
      );
    expect(calls[0]).toBeGreaterThan(3);
    expect(calls[1]).toBeGreaterThan(3);
    // A local decryptor reads what the workers wrote.
    const local = await import("./file-stream.ts");
    const decryptor = await local.createFileDecryptor(dekKey, {
      fileId: "w",
      headerObject: encryptor.headerObject,
    });
    const out = new Uint8Array(
      await new Response(new Blob(chunks).stream().pipeThrough(decryptor.stream)).arrayBuffer(),
    );
    expect(out).toEqual(plaintext);
    // And the workers read what this thread wrote.
    const localEncryptor = await createFileEncryptor(dekKey, {
      fileId: "l",
      name: "l",
      size,
      chunkSize: 4096,
    });
    const localChunks: Bytes[] = [];
    await new Blob([plaintext])
      .stream()
      .pipeThrough(localEncryptor.stream)
      .pipeTo(new WritableStream({ write: (c) => void localChunks.push(c.nonce, c.ciphertext) }));
    const remoteDecryptor = await client.createFileDecryptor(dekKey, {
      fileId: "l",
      headerObject: localEncryptor.headerObject,
    });
    const back = new Uint8Array(
      await new Response(new Blob(localChunks).stream().pipeThrough(remoteDecryptor.stream)).arrayBuffer(),
    );
    expect(back).toEqual(plaintext);
  });

  test("an explicit transfer moves the buffer to the worker", async () => {
    const { client } = connect(1);
    const dekKey = await importDekKey(generateDek());
    const layout = { size: 100, chunkSize: 100 };
    const plaintext = new Uint8Array(100).fill(1);
    const noncePrefix = new Uint8Array(8);
    const result = await client.call(
      "sealStreamChunk",
      [dekKey, { fileId: "t", layout, index: 0, noncePrefix, plaintext }, false],
      [plaintext.buffer],
    );
    expect(plaintext.byteLength).toBe(0); // detached: the worker owned it
    expect(result.plaintext).toEqual(new Uint8Array(100).fill(1)); // and handed it back
    expect(result.sealed.ciphertext).toHaveLength(116);
  });

  test("closing the client rejects calls in flight", async () => {
    const { client } = connect(1);
    const pending = client.api.createAccountKeys(await importVaultKeyB64(VAULT_B64), "late");
    client.close();
    await expect(pending).rejects.toThrow("The crypto worker was closed");
  });

  test("importing the worker entry outside a worker does not start serving", async () => {
    const listeners = (globalThis as { onmessage?: unknown }).onmessage;
    await import("./worker.ts");
    expect((globalThis as { onmessage?: unknown }).onmessage).toBe(listeners);
  });
});
