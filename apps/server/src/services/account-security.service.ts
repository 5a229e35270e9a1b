import { randomBytes } from "node:crypto";
import {
  accountMessages,
  emailChangeMessages,
  type RecoveryBlobsDto,
  type RecoveryStartResponse,
} from "@heirloom/contract";
import type { Lockout } from "../auth/lockout.ts";
import type { BlobStore } from "../blobs/blob-store.ts";
import type { AccountKeysRepo, VaultWrappedBlobs } from "../db/repos/account-keys.repo.ts";
import type { UserDataRepo } from "../db/repos/user-data.repo.ts";
import type { UsersRepo } from "../db/repos/users.repo.ts";
import { AppError } from "../errors.ts";
import type { Caller } from "./account.service.ts";
import type { RecordActivity } from "./activity.service.ts";
import type { Clock } from "./clock.ts";

export const recoveryTokenLifetimeMs = 15 * 60 * 1000;

export interface AccountSecurityDeps {
  users: UsersRepo;
  keys: AccountKeysRepo;
  userData: UserDataRepo;
  blobs: BlobStore;
  hashKey: (key: string) => Promise<string>;
  verifyKey: (hash: string, key: string) => Promise<boolean>;
  /** Checks and uses up a TOTP code of the user (auth/auth.ts verifyTotp). */
  verifyTotp: (userId: string, code: string) => Promise<boolean>;
  recoveryLockout: Lockout;
  hashEmail: (email: string) => string;
  clock: Clock;
  /** Tells the owner about a password change or a recovery (notifications). */
  notify?: (userId: string, kind: "password-changed" | "account-recovered") => Promise<void>;
  /** Writes the change to the user's activity log (services/activity.service.ts). */
  recordActivity?: RecordActivity;
  /**
   * Called after the user's keys are written (legacy contacts flag a changed public key). Today a password change
   * and a recovery re-wrap the private keys and keep the public ones, so this finds nothing to flag; it is called so
   * that a future path that replaces a key pair is covered without anyone remembering to.
   */
  onKeysWritten?: (userId: string) => Promise<void>;
}

export interface Reauth {
  currentAuthKey: string;
  totpCode?: string | undefined;
}

/** Blob keys of a user's documents all start with this (services choose them; see blobs/keys.ts). */
export const userBlobPrefix = (userId: string) => `users/${userId}/`;

export function createAccountSecurityService(deps: AccountSecurityDeps) {
  const { users, keys, clock } = deps;
  // An unknown email still costs one Argon2id verification, like a known one (ADR 021).
  let dummyHash: Promise<string> | undefined;
  const dummy = () => {
    dummyHash ??= deps.hashKey(randomBytes(32).toString("base64url"));
    return dummyHash;
  };

  /** Proof of the current password, and of the TOTP code when enrolled. No enumeration here: the caller is signed in. */
  async function reauthenticate(caller: Caller, proof: Reauth): Promise<void> {
    const hash = await keys.credentialHash(caller.id);
    if (!hash || !(await deps.verifyKey(hash, proof.currentAuthKey))) {
      throw new AppError("forbidden", accountMessages.incorrectPassword);
    }
    if (caller.twoFactorEnabled) {
      if (!proof.totpCode) {
        throw new AppError("validation_failed", accountMessages.totpRequired, {
          totpCode: accountMessages.totpRequired,
        });
      }
      if (!(await deps.verifyTotp(caller.id, proof.totpCode))) {
        throw new AppError("forbidden", accountMessages.invalidTotp);
      }
    }
  }

  return {
    reauthenticate,

    /** New password: one transaction replaces the credential, the salt and the vault-wrapped blobs. */
    async changePassword(
      caller: Caller,
      currentSessionId: string,
      input: Reauth & { newAuthKey: string; newSaltHex: string; blobs: VaultWrappedBlobs },
    ): Promise<void> {
      await reauthenticate(caller, input);
      if (!(await keys.find(caller.id))) throw new AppError("conflict", "This account has no vault yet.");
      await keys.rekey({
        userId: caller.id,
        newAuthKeyHash: await deps.hashKey(input.newAuthKey),
        newSaltHex: input.newSaltHex,
        blobs: input.blobs,
        now: clock(),
        revokeSessions: { keepSessionId: currentSessionId },
      });
      await deps.onKeysWritten?.(caller.id);
      await deps.notify?.(caller.id, "password-changed");
      await deps.recordActivity?.(caller.id, "password-change", caller.userAgent);
    },

    /**
     * A re-printed recovery kit: after re-authentication, the new recovery wraps (made in the browser from the
     * unlocked keys) and the hash of the new recovery auth key replace the old ones, so the old kit stops working.
     */
    async replaceRecoveryKit(
      caller: Caller,
      input: Reauth & { recovery: RecoveryBlobsDto; recoveryAuthKey: string },
    ): Promise<void> {
      await reauthenticate(caller, input);
      const replaced = await keys.replaceRecovery(
        caller.id,
        input.recovery,
        await deps.hashKey(input.recoveryAuthKey),
        clock(),
      );
      if (!replaced) throw new AppError("conflict", "This account has no vault yet.");
    },

    /**
     * A new email address, after re-authentication. `sendLink` (better-auth's change-email flow) mails a link to the
     * new address; the email changes only when it is opened. Nothing else moves: the salt and the auth key do not
     * depend on the email, and prelogin finds the stored salt through the user, whatever their address.
     */
    async requestEmailChange(
      caller: Caller,
      input: Reauth & { newEmail: string },
      sendLink: (newEmail: string) => Promise<void>,
    ): Promise<void> {
      if (input.newEmail === caller.email.toLowerCase()) {
        throw new AppError("validation_failed", emailChangeMessages.sameEmail, {
          newEmail: emailChangeMessages.sameEmail,
        });
      }
      await reauthenticate(caller, input);
      await sendLink(input.newEmail);
    },

    /**
     * Checks the recovery auth key; the same answer for an unknown email as for a wrong key. A correct key is always
     * checked and accepted, even while wrong ones are throttled (ADR 035): guessing a 256-bit key gets nowhere, and
     * a lock must not keep the owner from their own kit.
     */
    async startRecovery(email: string, recoveryAuthKey: string): Promise<RecoveryStartResponse> {
      const user = await users.findByEmail(email);
      const stored = user && (await keys.find(user.id));
      const matches = stored
        ? await deps.verifyKey(stored.recoveryAuthKeyHash, recoveryAuthKey)
        : (await deps.verifyKey(await dummy(), recoveryAuthKey)) && false;
      if (!user || !stored || !matches) {
        const lock = await deps.recoveryLockout.state(email);
        if (lock.locked)
          throw AppError.tooManyAttempts(accountMessages.tooManyAttempts, lock.retryAfterSeconds);
        await deps.recoveryLockout.recordFailure(email);
        throw new AppError("forbidden", accountMessages.recoveryKeyMismatch);
      }
      await deps.recoveryLockout.clear(email);
      const recoveryToken = randomBytes(32).toString("base64url");
      const now = clock();
      await keys.insertRecoveryToken(
        recoveryToken,
        user.id,
        new Date(now.getTime() + recoveryTokenLifetimeMs),
        now,
      );
      return {
        recoveryToken,
        userId: user.id,
        recovery: stored.recovery,
        publicKeyPem: stored.blobs.publicKeyPem,
        signingPublicKeyPem: stored.blobs.signingPublicKeyPem,
      };
    },

    /** Uses the token once: new credential, salt and vault-wrapped blobs; every session ends. */
    async completeRecovery(
      input: {
        recoveryToken: string;
        newAuthKey: string;
        newSaltHex: string;
        blobs: VaultWrappedBlobs;
      },
      userAgent?: string | null,
    ): Promise<void> {
      const userId = await keys.consumeRecoveryToken(input.recoveryToken, clock());
      if (!userId) throw new AppError("forbidden", accountMessages.recoveryExpired);
      await keys.rekey({
        userId,
        newAuthKeyHash: await deps.hashKey(input.newAuthKey),
        newSaltHex: input.newSaltHex,
        blobs: input.blobs,
        now: clock(),
        revokeSessions: "all",
        unlockVault: true,
      });
      await deps.onKeysWritten?.(userId);
      await deps.notify?.(userId, "account-recovered");
      await deps.recordActivity?.(userId, "recovery", userAgent);
    },

    /** SPEC deleteUserData: every blob under the user's prefix, then every row. Cannot be undone. */
    async deleteAccount(caller: Caller, proof: Reauth): Promise<void> {
      await reauthenticate(caller, proof);
      for (const key of await deps.blobs.list(userBlobPrefix(caller.id))) await deps.blobs.delete(key);
      await deps.userData.deleteUser(caller.id, deps.hashEmail(caller.email), clock());
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
