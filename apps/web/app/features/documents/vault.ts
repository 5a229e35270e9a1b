import type { CryptoWorkerClient, DekKey, UnlockedAccount } from "@heirloom/crypto";
import { getCryptoClient, unlockFromStorage } from "#app/features/session/index.ts";
import { smallValueLayout } from "./layout.ts";

// The keys a document operation needs: the worker client and this tab's unlocked account (non-extractable keys).

export interface Vault {
  readonly crypto: CryptoWorkerClient;
  readonly account: UnlockedAccount;
}

export async function openVault(): Promise<Vault> {
  const [crypto, account] = await Promise.all([getCryptoClient(), unlockFromStorage()]);
  return { crypto, account };
}

/**
 * Seals `plaintext` under the DEK as the single chunk of a file of its own length, bound to `fileId` (distinct from
 * the document's content file id), with a fresh random nonce (encryptFileChunk). Reuses the file format instead of a
 * second sealing scheme; docs/architecture.md "Documents in storage".
 */
export async function sealSmall(
  vault: Vault,
  dekKey: DekKey,
  fileId: string,
  plaintext: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  return vault.crypto.api.encryptFileChunk(dekKey, {
    fileId,
    layout: smallValueLayout(plaintext.length),
    index: 0,
    plaintext,
  });
}

export async function openSmall(
  vault: Vault,
  dekKey: DekKey,
  fileId: string,
  chunkObject: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  return vault.crypto.api.decryptFileChunk(dekKey, {
    fileId,
    layout: smallValueLayout(Math.max(0, chunkObject.length - 28)),
    index: 0,
    chunkObject,
  });
}

export const hexToBytes = (hex: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? []);
export const bytesToHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
