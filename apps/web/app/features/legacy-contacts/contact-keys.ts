import type { CryptoWorkerClient, UnlockedAccount } from "@heirloom/crypto";
import { getCryptoClient, unlockFromStorage } from "#app/features/session/index.ts";
import { type ContactDetails, parseContactDetails } from "./invite-schema.ts";

// Everything the legacy pages do with keys, in the crypto workers: sealing and opening what the owner wrote about a
// contact (under the account key, bound to the owner and the invited address), the six words of a public key, and
// the owner's signature over a confirmation. No key leaves the workers.

export interface OwnerKeys {
  readonly crypto: CryptoWorkerClient;
  readonly account: UnlockedAccount;
}

/** This tab's unlocked account (shared with every other page of the session) and the worker client. */
export async function openOwnerKeys(): Promise<OwnerKeys> {
  const [crypto, account] = await Promise.all([getCryptoClient(), unlockFromStorage()]);
  return { crypto, account };
}

export async function sealDetails(keys: OwnerKeys, email: string, details: ContactDetails): Promise<string> {
  return keys.crypto.api.sealContactDetails(
    keys.account.accountKey,
    { userId: keys.account.userId, email },
    details,
  );
}

/** The details as the owner wrote them, or null when they do not open (damaged, or sealed for another address). */
export async function openDetails(
  keys: OwnerKeys,
  email: string,
  sealed: string,
): Promise<ContactDetails | null> {
  try {
    const opened = await keys.crypto.api.openContactDetails(
      keys.account.accountKey,
      { userId: keys.account.userId, email },
      sealed,
    );
    return parseContactDetails(opened);
  } catch {
    return null;
  }
}

/** A public key as people compare it: the six words (ADR 015) and the full SHA-256 the server checks. */
export interface KeyFingerprint {
  readonly words: readonly string[];
  readonly hex: string;
}

/** Computed here, from the key itself: the server's own fingerprint is never what a person is shown. */
export async function fingerprintOf(publicKeyPem: string): Promise<KeyFingerprint> {
  const crypto = await getCryptoClient();
  const [phrase, hex] = await Promise.all([
    crypto.api.fingerprintPhrase(publicKeyPem),
    crypto.api.publicKeyFingerprintHex(publicKeyPem),
  ]);
  return { words: phrase.split(" "), hex };
}

/** The owner's signature over "I compared this key of this contact", sent with the confirmation. */
export async function signConfirmation(
  keys: OwnerKeys,
  input: { contactId: string; contactUserId: string; keyFingerprint: string },
): Promise<string> {
  return keys.crypto.api.signContactConfirmation(keys.account.signingKey, {
    ownerId: keys.account.userId,
    ...input,
  });
}

/**
 * Whether the confirmation the server returned is this owner's signature over this contact's current key (computed
 * here): the check to make before trusting a "confirmed" contact, since a server that swapped the key would have to
 * forge the owner's signature too.
 */
export async function confirmationHolds(
  keys: OwnerKeys,
  input: { contactId: string; contactUserId: string; currentKeyPem: string; signature: string },
): Promise<boolean> {
  const { hex } = await fingerprintOf(input.currentKeyPem);
  return keys.crypto.api.verifyContactConfirmation(
    keys.account.signingPublicKeyPem,
    {
      ownerId: keys.account.userId,
      contactId: input.contactId,
      contactUserId: input.contactUserId,
      keyFingerprint: hex,
    },
    input.signature,
  );
}
