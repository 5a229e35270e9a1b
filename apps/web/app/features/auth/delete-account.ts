import { deleteAccountConfirmation } from "@heirloom/contract";
import { signOut } from "#app/features/session/index.ts";
import { callApi } from "#app/lib/api.ts";
import { deriveCredentials } from "./credentials.ts";
import { type ReauthDeps, type ReauthInput, type ReauthProof, reauthenticate } from "./reauth.ts";

// SPEC.md section 7 deleteUserData: the server removes every row and blob of the user, and it cannot be undone. The
// person re-authenticates and types DELETE; nothing is derived or sent until the typed word is right.

export { deleteAccountConfirmation };

/** The typed confirmation is wrong (or empty): the only mistake found before any work starts. */
export class ConfirmationMismatchError extends Error {
  constructor() {
    super(`Type ${deleteAccountConfirmation} in capital letters to confirm.`);
    this.name = "ConfirmationMismatchError";
  }
}

export interface DeleteAccountDeps extends ReauthDeps {
  /** POST /api/account/delete (deleteAccountRequestSchema). The server also clears the session cookie. */
  postDeleteAccount(body: ReauthProof & { confirmation: typeof deleteAccountConfirmation }): Promise<void>;
  /** Clears this tab's keys and store, then leaves the signed-in area. */
  afterDeleted(): Promise<void> | void;
}

export async function deleteAccount(
  deps: DeleteAccountDeps,
  input: ReauthInput & { email: string; twoFactorEnabled: boolean; confirmation: string },
): Promise<void> {
  if (input.confirmation.trim() !== deleteAccountConfirmation) throw new ConfirmationMismatchError();
  const { proof } = await reauthenticate(deps, input);
  await deps.postDeleteAccount({ ...proof, confirmation: deleteAccountConfirmation });
  await deps.afterDeleted();
}

/** The browser's wiring. The server has already ended the session; signOut clears this tab's keys and leaves. */
export const browserDeleteAccountDeps: DeleteAccountDeps = {
  derive: deriveCredentials,
  postDeleteAccount: (body) => callApi("deleteAccount", { body }),
  afterDeleted: () => signOut({ kind: "account-deleted" }),
};
