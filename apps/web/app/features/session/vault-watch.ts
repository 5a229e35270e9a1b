/** SPEC.md section 9: how often a signed-in tab checks that it still holds its vault key. */
export const VAULT_CHECK_INTERVAL_MS = 5_000;

/** userErrors `function` name of the salt refresh (SPEC.md section 7 calls it getUserSalt). */
export const SALT_FUNCTION_NAME = "getUserSalt";
export const saltNotFoundMessage = "Salt not found in response.";
export const saltRetrievalFailedMessage = "Salt retrieval failed";

/**
 * Every `intervalMs`, calls `onMissing` (once, then stops) when `hasVaultKey` says the tab lost its key, for example
 * because another script or the person cleared sessionStorage. Returns a function that stops the watch.
 */
export function startVaultWatch({
  hasVaultKey,
  onMissing,
  intervalMs = VAULT_CHECK_INTERVAL_MS,
}: {
  hasVaultKey: () => boolean;
  onMissing: () => void;
  intervalMs?: number;
}): () => void {
  const timer = setInterval(() => {
    if (hasVaultKey()) return;
    clearInterval(timer);
    onMissing();
  }, intervalMs);
  return () => clearInterval(timer);
}

export type StartupCheckResult = "ok" | "invalid-key" | "salt-refreshed" | "salt-missing" | "salt-failed";

/**
 * The check that runs once on page load (SPEC.md section 4, "Session under /app"). An invalid vault key calls
 * `onInvalidKey` (which signs out) and nothing else runs. An invalid salt is fetched again from the server and
 * stored; when that fails the error is logged to userErrors and the session carries on, since the salt is only
 * needed again for a password change.
 */
export async function checkVaultOnLoad(deps: {
  hasVaultKey: () => boolean;
  hasVaultSalt: () => boolean;
  onInvalidKey: () => void | Promise<void>;
  fetchSalt: () => Promise<string | undefined>;
  storeSalt: (saltHex: string) => void;
  logUserError: (fn: string, error: string) => Promise<void>;
}): Promise<StartupCheckResult> {
  if (!deps.hasVaultKey()) {
    await deps.onInvalidKey();
    return "invalid-key";
  }
  if (deps.hasVaultSalt()) return "ok";
  let salt: string | undefined;
  try {
    salt = await deps.fetchSalt();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    await deps.logUserError(SALT_FUNCTION_NAME, `${saltRetrievalFailedMessage}: ${detail}`);
    return "salt-failed";
  }
  if (!salt) {
    await deps.logUserError(SALT_FUNCTION_NAME, saltNotFoundMessage);
    return "salt-missing";
  }
  try {
    deps.storeSalt(salt);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    await deps.logUserError(SALT_FUNCTION_NAME, `${saltRetrievalFailedMessage}: ${detail}`);
    return "salt-failed";
  }
  return "salt-refreshed";
}
