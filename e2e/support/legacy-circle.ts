import { type LegacyContactList, storageAppId, storageHeaders } from "@heirloom/contract";
import {
  deriveVaultKey,
  publicKeyFingerprintHex,
  sealContactDetails,
  signContactConfirmation,
  type UnlockedAccount,
  unlockAccount,
} from "@heirloom/crypto";
import { type HttpClient, signInHttp, type TestAccount } from "./accounts.ts";
import type { WatchedPage } from "./browser.ts";
import { waitForMail } from "./mail.ts";

// The legacy circle set up over HTTP, as the people's browsers would do it, for journeys that test what comes after.

export async function withoutBanner(watched: WatchedPage): Promise<WatchedPage> {
  await watched.context.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
  return watched;
}

/** The account's keys, opened in Node as its browser opens them. */
export async function unlock(account: TestAccount, http: HttpClient): Promise<UnlockedAccount> {
  const keys = await http.ok<{ userId: string; blobs: Parameters<typeof unlockAccount>[2] }>(
    "GET",
    "/api/account/keys",
  );
  return unlockAccount(
    await deriveVaultKey(account.password, account.saltHex, account.kdf),
    keys.userId,
    keys.blobs,
  );
}

/** Owner invites, contact accepts from the mail's link, owner confirms after "comparing" the key: all over HTTP. */
export async function confirmedContact(
  where: { baseUrl: string; mailDir: string },
  owner: TestAccount,
  contact: TestAccount,
): Promise<string> {
  const { baseUrl, mailDir } = where;
  const ownerHttp = await signInHttp(baseUrl, owner.email, owner.password);
  const ownerKeys = await unlock(owner, ownerHttp);
  const since = Date.now();
  const details = await sealContactDetails(
    ownerKeys.accountKey,
    { userId: ownerKeys.userId, email: contact.email },
    { name: "Ada Lovelace", relationship: "Friend" },
  );
  const invited = await ownerHttp.ok<{ id: string }>("POST", "/api/legacy/contacts", {
    email: contact.email,
    details,
  });
  const mail = await waitForMail(mailDir, contact.email, {
    subject: /invited you to be a legacy contact/,
    since,
  });
  const link = mail.links.find((l) => l.includes("/invitation#token="));
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  const contactHttp = await signInHttp(baseUrl, contact.email, contact.password);
  await contactHttp.ok("POST", "/api/legacy/invitation/accept", {
    token: new URL(link).hash.slice("#token=".length),
  });
  const list = await ownerHttp.ok<LegacyContactList>("GET", "/api/legacy/contacts");
  const row = list.contacts.find((c) => c.id === invited.id);
  if (!row?.contact) throw new Error("the contact did not accept");
  const fingerprintHex = await publicKeyFingerprintHex(row.contact.publicKeyPem);
  const signature = await signContactConfirmation(ownerKeys.signingKey, {
    ownerId: ownerKeys.userId,
    contactId: row.id,
    contactUserId: row.contact.userId,
    keyFingerprint: fingerprintHex,
  });
  await ownerHttp.ok("POST", `/api/legacy/contacts/${row.id}/confirm`, { fingerprintHex, signature });
  return row.id;
}

/** A stored object's bytes, read with the given session (the storage API, as the web app reads it). */
export async function readObject(
  baseUrl: string,
  http: HttpClient,
  fullPath: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const response = await fetchObject(baseUrl, http, fullPath);
  if (!response.ok) throw new Error(`GET ${fullPath} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The storage API's answer to reading one object with this session. */
export function fetchObject(baseUrl: string, http: HttpClient, fullPath: string): Promise<Response> {
  return fetch(`${baseUrl}/v0/b/heirloom/o/${encodeURIComponent(fullPath)}?alt=media`, {
    headers: {
      [storageHeaders.appId]: storageAppId,
      "x-forwarded-for": http.address,
      cookie: [...http.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
    },
  });
}
