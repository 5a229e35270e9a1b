import {
  type AccountBlobsDto,
  type AccountExport,
  type ActivityPage,
  accountExportFormat,
  accountMessages,
  type BrowserActivityAction,
  defaultLandingPage,
  isAccountActive,
  type KdfParamsDto,
  type KeysResponse,
  type LandingPage,
  landingPages,
  type Preferences,
  type PreferencesUpdate,
  type PreliminaryCheckResponse,
  type PreloginResponse,
  type Profile,
  type ProfileUpdate,
  phoneMessages,
  preliminaryCheckRequestSchema,
  type SaltResponse,
  type SaveKeysRequest,
  type SessionUser,
} from "@heirloom/contract";
import type { AccountKeysRepo } from "../db/repos/account-keys.repo.ts";
import type { ActivityRepo } from "../db/repos/activity.repo.ts";
import type { ProfilesRepo } from "../db/repos/profiles.repo.ts";
import { exportWithheld, type UserDataRepo } from "../db/repos/user-data.repo.ts";
import type { UserErrorsRepo } from "../db/repos/user-errors.repo.ts";
import type { UsersRepo } from "../db/repos/users.repo.ts";
import { AppError } from "../errors.ts";
import type { RecordActivity } from "./activity.service.ts";
import type { Clock } from "./clock.ts";
import { tidyName } from "./names.ts";

/**
 * SPEC section 9: the Argon2id parameters new vault keys are derived with. Each account's own parameters are stored
 * with its salt and stated at prelogin (the client refuses anything weaker); an unknown email gets these.
 */
export const vaultKdf: KdfParamsDto = {
  algorithm: "argon2id",
  version: 19,
  iterations: 3,
  memoryKiB: 65_536,
  parallelism: 1,
};

/** The current blob format version (docs/file-format.md: "v1." sealed blobs). */
export const blobFormatVersion = 1;

/** The signed-in user as the session gives it. */
export interface Caller {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** The user agent of the browser the request came from (the activity log's device and system), when known. */
  userAgent?: string | null;
}

export interface AccountServiceDeps {
  users: UsersRepo;
  profiles: ProfilesRepo;
  keys: AccountKeysRepo;
  activity: ActivityRepo;
  userErrors: UserErrorsRepo;
  fakeSalt: (email: string) => string;
  hashKey: (key: string) => Promise<string>;
  clock: Clock;
  /** Whether a user may use the articles editor (ADMIN_EMAILS and a verified address). */
  isAdmin: (user: { email: string; emailVerified: boolean }) => boolean;
  userData: UserDataRepo;
  /** Whether the user has a verified mobile number (texts may only be turned on then). */
  hasVerifiedPhone?: (userId: string) => Promise<boolean>;
  /** Called after the user's keys are written (legacy contacts flag a changed public key). */
  onKeysWritten?: (userId: string) => Promise<void>;
  /** Called after the check-in interval (activityCheck) was saved: choosing it is a check-in under the new interval. */
  onCheckInIntervalChanged?: (userId: string) => Promise<void>;
  /** Writes an event to the user's activity log (activity.service.ts). */
  recordActivity?: RecordActivity;
}

export function createAccountService(deps: AccountServiceDeps) {
  const { users, profiles, keys, activity, userErrors, fakeSalt, clock } = deps;

  async function requireProfile(userId: string) {
    const profile = await profiles.find(userId);
    if (!profile) throw new AppError("not_found", accountMessages.noUserLoggedIn);
    return profile;
  }

  async function profileOf(caller: Caller): Promise<Profile> {
    const p = await requireProfile(caller.id);
    return {
      ar: p.ar,
      arTitle: p.arTitle,
      dobDay: p.dobDay,
      dobMonth: p.dobMonth,
      dobYear: p.dobYear,
      emailToggle: p.emailToggle,
      activityToggle: p.activityToggle,
      textToggle: p.textToggle,
      activityCheck: p.activityCheck,
      zipCode: p.zipCode,
      DarkMode: p.darkMode,
      name: caller.name,
      accountType: p.accountType,
      AccountTier: p.accountTier,
      lastLogin: p.lastLogin,
      valid60DayCheck: p.valid60DayCheck,
      next60DayCheck: p.next60DayCheck,
    };
  }

  async function preferencesOf(userId: string): Promise<Preferences> {
    const p = await requireProfile(userId);
    // A page dropped from the list since it was chosen falls back to home rather than failing the whole answer.
    const landingPage =
      p.landingPage !== null && p.landingPage in landingPages
        ? (p.landingPage as LandingPage)
        : defaultLandingPage;
    return {
      DarkMode: p.darkMode,
      language: "en",
      timeZone: p.timeZone,
      landingPage,
      recoveryKitSavedAt: p.recoveryKitSavedAt,
    };
  }

  return {
    /** Salt and KDF parameters for an email; the same shape and a stable salt whether or not the account exists. */
    async prelogin(email: string): Promise<PreloginResponse> {
      const user = await users.findByEmail(email);
      const stored = user && (await keys.find(user.id));
      return stored
        ? { saltHex: stored.saltHex, kdf: stored.kdf }
        : { saltHex: fakeSalt(email), kdf: vaultKdf };
    },

    /** SPEC createaccount preliminaryCheck: the first problem, as the text the sign-up page shows. */
    async preliminaryCheck(input: unknown): Promise<PreliminaryCheckResponse> {
      const parsed = preliminaryCheckRequestSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path[0];
        const error =
          field === "email"
            ? accountMessages.invalidEmail
            : (issue?.message ?? accountMessages.unexpectedSignUp);
        return { success: false, error };
      }
      if (await users.findByEmail(parsed.data.email))
        return { success: false, error: accountMessages.emailInUse };
      return { success: true };
    },

    async salt(caller: Caller): Promise<SaltResponse> {
      const stored = await keys.find(caller.id);
      return { salt: stored ? stored.saltHex : fakeSalt(caller.email) };
    },

    /** SPEC saveUserKeys. First keys only: later changes go through password change or recovery. */
    async saveKeys(
      caller: Caller,
      input: SaveKeysRequest & { newAuthKey?: string | undefined },
    ): Promise<void> {
      const hasCredential = (await keys.credentialHash(caller.id)) !== undefined;
      if (!hasCredential && !input.newAuthKey) {
        throw new AppError("validation_failed", "Choose a vault password first.", {
          newAuthKey: "Required for an account without a password.",
        });
      }
      if (hasCredential && input.newAuthKey) {
        throw new AppError(
          "conflict",
          "This account already has a password. Change it in the security settings.",
        );
      }
      const now = clock();
      const inserted = await keys.insert(
        {
          userId: caller.id,
          saltHex: input.saltHex,
          blobs: input.blobs,
          recovery: input.recovery,
          recoveryAuthKeyHash: await deps.hashKey(input.recoveryAuthKey),
          blobFormat: blobFormatVersion,
          // The page derived the key with what prelogin stated for a new account.
          kdf: vaultKdf,
        },
        now,
      );
      if (!inserted) {
        throw new AppError(
          "conflict",
          "This account already has keys. Change them with a password change or recovery.",
        );
      }
      if (!hasCredential && input.newAuthKey) {
        await keys.createCredential(caller.id, await deps.hashKey(input.newAuthKey), now);
      }
      await deps.onKeysWritten?.(caller.id);
    },

    async getKeys(caller: Caller): Promise<KeysResponse> {
      const stored = await keys.find(caller.id);
      if (!stored) throw new AppError("not_found", "This account has no vault yet.");
      const blobs: AccountBlobsDto = stored.blobs;
      return { userId: caller.id, saltHex: stored.saltHex, kdf: stored.kdf, blobs };
    },

    async me(caller: Caller): Promise<SessionUser> {
      const profile = await requireProfile(caller.id);
      const stored = await keys.find(caller.id);
      return {
        uid: caller.id,
        email: caller.email,
        name: caller.name,
        emailVerified: caller.emailVerified,
        twoFactorEnabled: caller.twoFactorEnabled,
        hasVault: stored !== undefined,
        vaultLocked: profile.vaultLocked,
        accountType: profile.accountType,
        accountTier: profile.accountTier,
        accountActive: isAccountActive(profile),
        subscriptionStatus: profile.subscriptionStatus,
        isAdmin: deps.isAdmin(caller),
      };
    },

    /** SPEC userhandle getuserde: exactly these fields. */
    profile: profileOf,

    /** SPEC userhandle updatePasswordDate. */
    async updatePasswordDate(caller: Caller): Promise<void> {
      await requireProfile(caller.id);
      await profiles.setPasswordChangedAt(caller.id, clock());
    },

    /** PATCH profile: the fields of profileUpdateSchema, already validated; answers the profile as it now is. */
    async updateProfile(caller: Caller, update: ProfileUpdate): Promise<Profile> {
      await requireProfile(caller.id);
      if (update.textToggle === true && !(await deps.hasVerifiedPhone?.(caller.id))) {
        throw new AppError("validation_failed", phoneMessages.textNeedsVerifiedPhone, {
          textToggle: phoneMessages.textNeedsVerifiedPhone,
        });
      }
      const now = clock();
      const { name, dateOfBirth, DarkMode, ...rest } = update;
      const clearedDob = { dobDay: null, dobMonth: null, dobYear: null };
      await profiles.update(
        caller.id,
        {
          ...rest,
          ...(DarkMode === undefined ? {} : { darkMode: DarkMode }),
          ...(dateOfBirth === undefined ? {} : (dateOfBirth ?? clearedDob)),
        },
        now,
      );
      if (rest.activityCheck !== undefined) await deps.onCheckInIntervalChanged?.(caller.id);
      let renamed = caller;
      // SPEC capitalises at sign-up only: a name changed later is kept as typed ("Vincent van Gogh").
      if (name !== undefined) {
        const tidy = tidyName(name);
        await users.updateName(caller.id, tidy, now);
        renamed = { ...caller, name: tidy };
      }
      return profileOf(renamed);
    },

    /** Heirloom's display settings and onboarding state (ADR 026). */
    async preferences(caller: Caller): Promise<Preferences> {
      return preferencesOf(caller.id);
    },

    async updatePreferences(caller: Caller, update: PreferencesUpdate): Promise<Preferences> {
      await requireProfile(caller.id);
      const { DarkMode, ...rest } = update;
      await profiles.update(
        caller.id,
        { ...rest, ...(DarkMode === undefined ? {} : { darkMode: DarkMode }) },
        clock(),
      );
      return preferencesOf(caller.id);
    },

    /** The person ticked "I have saved my recovery kit" (after sign-up or a re-print). */
    async markRecoveryKitSaved(caller: Caller): Promise<Preferences> {
      await requireProfile(caller.id);
      await profiles.setRecoveryKitSavedAt(caller.id, clock());
      return preferencesOf(caller.id);
    },

    /** The activity log, newest first, a page at a time (the cursor names the last entry of the previous page). */
    async activityPage(caller: Caller, query: { cursor?: string; limit: number }): Promise<ActivityPage> {
      let after: { timestamp: string; id: string } | undefined;
      if (query.cursor) {
        const [timestamp = "", id = ""] = Buffer.from(query.cursor, "base64url").toString("utf8").split("|");
        if (!timestamp || !id)
          throw new AppError("validation_failed", "That page of the activity log is not valid.");
        after = { timestamp, id };
      }
      // One extra row tells whether an older page exists.
      const rows = await activity.page(caller.id, { limit: query.limit + 1, ...(after ? { after } : {}) });
      const entries = rows.slice(0, query.limit).map(({ userId: _userId, ...entry }) => entry);
      const last = entries.at(-1);
      const next =
        rows.length > query.limit && last
          ? Buffer.from(`${last.timestamp}|${last.id}`, "utf8").toString("base64url")
          : null;
      return { entries, next };
    },

    /** Everything the server holds about the user (secrets withheld, and said so), for /account/MyData. */
    async exportData(caller: Caller): Promise<AccountExport> {
      const { userId: _userId, ...profile } = await requireProfile(caller.id);
      const data = await deps.userData.exportUser(caller.id);
      if (!data) throw new AppError("not_found", accountMessages.noUserLoggedIn);
      await deps.recordActivity?.(caller.id, "export", caller.userAgent);
      return {
        format: accountExportFormat,
        exportedAt: clock().toISOString(),
        ...data,
        profile,
        withheld: [...exportWithheld],
      };
    },

    /**
     * SPEC logActivity from the page: only what the page alone sees (the contract refuses every event the server
     * writes itself), all of it routine, so it follows activityToggle.
     */
    async logActivity(
      caller: Caller,
      entry: { action: BrowserActivityAction; device: string; operating: string },
    ) {
      const profile = await requireProfile(caller.id);
      if (!profile.activityToggle) return;
      await activity.insert({ userId: caller.id, ...entry }, clock());
    },

    /** SPEC userErrors, with or without a signed-in user. */
    async logUserError(uid: string | null, entry: { function: string; error: string }) {
      await userErrors.insert({ uid, functionName: entry.function, error: entry.error }, clock());
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
