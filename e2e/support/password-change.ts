import { randomBytes } from "node:crypto";
import { deriveAuthKey, deriveVaultKey, rewrapForNewPassword } from "@heirloom/crypto";
import { signInHttp, type TestAccount } from "./accounts.ts";

/**
 * The security settings' password change, done in Node with the same calls as the page: re-derive, re-wrap the vault
 * blobs under the new vault key, POST /api/account/password. Answers the account with its new password and salt.
 */
export async function changePasswordHttp(
  baseUrl: string,
  account: TestAccount,
  newPassword: string,
): Promise<TestAccount> {
  const http = await signInHttp(baseUrl, account.email, account.password);
  const keys = await http.ok<{ blobs: Parameters<typeof rewrapForNewPassword>[0]["blobs"] }>(
    "GET",
    "/api/account/keys",
  );
  const oldVaultKey = await deriveVaultKey(account.password, account.saltHex, account.kdf);
  const newSaltHex = randomBytes(32).toString("hex");
  const newVaultKey = await deriveVaultKey(newPassword, newSaltHex, account.kdf);
  const blobs = await rewrapForNewPassword({
    userId: account.userId,
    oldVaultKey,
    newVaultKey,
    blobs: keys.blobs,
  });
  const newAuthKey = await deriveAuthKey(newVaultKey);
  await http.ok("POST", "/api/account/password", {
    currentAuthKey: account.authKey,
    newAuthKey,
    newSaltHex,
    blobs: {
      ownerEncryptedDek: blobs.ownerEncryptedDek,
      encryptedPrivateKey: blobs.encryptedPrivateKey,
      encryptedSigningPrivateKey: blobs.encryptedSigningPrivateKey,
    },
  });
  return { ...account, password: newPassword, saltHex: newSaltHex, authKey: newAuthKey };
}
