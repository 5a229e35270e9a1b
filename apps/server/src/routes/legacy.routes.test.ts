import {
  errorBodySchema,
  legacyContactListSchema,
  legacyContactSchema,
  legacyInvitationViewSchema,
  legacyMessages,
  legacyNamedMeEntrySchema,
  legacyNamedMeListSchema,
  maskEmail,
  notificationsPageSchema,
} from "@heirloom/contract";
import { publicKeyFingerprintHex } from "@heirloom/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, engines, signUp, startTestApp, type TestApp, uniqueEmail } from "../testing/app-harness.ts";

// Legacy contacts over HTTP: a real server on a real database, mail read from the outbox.

const publicUrl = "https://vault.heirloom.test";
const details = "v1.c2VhbGVkLWl2:c2VhbGVkLWRldGFpbHM=";
const errorOf = (body: unknown) => errorBodySchema.parse(body).error;

/** The invitation link mailed to `to` (the newest), and its token. */
async function invitationLink(t: TestApp, to: string) {
  const [mail] = await t.mailTo(to);
  const url = /https?:\/\/\S+\/invitation\S*/.exec(mail?.text ?? "")?.[0];
  if (!mail || !url) throw new Error(`no invitation mailed to ${to}`);
  const token = new URL(url).hash.replace(/^#token=/, "");
  return { mail, url, token };
}

describe.each(engines())("legacy contacts over HTTP on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, { PUBLIC_URL: publicUrl });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("mails the invitation with a link built from PUBLIC_URL, its token only in the fragment", async () => {
    const owner = await signUp(t.app, { name: "olive owner" });
    const invitee = uniqueEmail("invitee");
    const res = await owner.client.request(
      "POST",
      "/api/legacy/contacts",
      { email: invitee.toUpperCase(), details, note: "Please say yes <3" },
      // A Host header of someone else's choosing changes nothing in the mail.
      { host: "attacker.example", "x-forwarded-host": "attacker.example" },
    );
    expect(res.statusCode).toBe(201);
    expect(legacyContactSchema.parse(res.json())).toMatchObject({ email: invitee, state: "invited" });

    const { mail, url, token } = await invitationLink(t, invitee);
    const link = new URL(url);
    expect(link.origin).toBe(publicUrl);
    expect(link.pathname).toBe("/invitation");
    expect(link.search).toBe("");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(`${link.origin}${link.pathname}`).not.toContain(token);
    expect(mail.subject).toBe("Olive Owner invited you to be a legacy contact on Heirloom");
    expect(mail.text).toContain(
      "A note from Olive Owner (written by them, not by Heirloom):\n> Please say yes <3",
    );
    expect(mail.html).toContain("Please say yes &lt;3");
    expect(mail.html).toContain(`href="${publicUrl}/invitation#token=${token}"`);
    expect(mail.text).toContain("valid for 7 days");
    expect(
      JSON.stringify(await t.database.db.selectFrom("legacy_contacts").selectAll().execute()),
    ).not.toContain(token);
  });

  it("runs invite, view, accept and confirm end to end", async () => {
    const owner = await signUp(t.app, { name: "olive owner" });
    const contactEmail = uniqueEmail("cora");
    const contact = await signUp(t.app, { email: contactEmail, name: "cora contact" });
    const invited = legacyContactSchema.parse(
      (await owner.client.post("/api/legacy/contacts", { email: contactEmail, details })).json(),
    );
    const { token } = await invitationLink(t, contactEmail);

    // Before anyone signs in, the link shows who invited whom (masked) and whether it is open.
    const visitor = new Client(t.app);
    const view = await visitor.post("/api/legacy/invitation", { token });
    expect(view.statusCode).toBe(200);
    expect(legacyInvitationViewSchema.parse(view.json())).toEqual({
      ownerName: "Olive Owner",
      invitedEmail: maskEmail(contactEmail),
      state: "open",
      expiresAt: invited.expiresAt,
    });
    const unknown = await visitor.post("/api/legacy/invitation", { token: "x".repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.json()).message).toBe(legacyMessages.invitationInvalid);

    const accepted = await contact.client.post("/api/legacy/invitation/accept", { token });
    expect(accepted.statusCode).toBe(200);
    expect(legacyNamedMeEntrySchema.parse(accepted.json())).toMatchObject({
      contactId: invited.id,
      owner: { name: "Olive Owner", email: owner.email },
      state: "accepted",
    });

    // The owner's browser reads the contact's key, computes the phrase itself and confirms what it compared.
    const list = legacyContactListSchema.parse((await owner.client.get("/api/legacy/contacts")).json());
    const listed = list.contacts.find((c) => c.id === invited.id);
    expect(listed?.state).toBe("accepted");
    expect(listed?.contact?.publicKeyPem).toBe(contact.blobs.publicKeyPem);
    expect(listed?.contact?.signingPublicKeyPem).toBe(contact.blobs.signingPublicKeyPem);
    const fingerprintHex = await publicKeyFingerprintHex(contact.blobs.publicKeyPem);
    expect(listed?.contact?.fingerprintHex).toBe(fingerprintHex);

    const wrong = await owner.client.post(`/api/legacy/contacts/${invited.id}/confirm`, {
      fingerprintHex: "0".repeat(64),
      signature: "c2lnbmF0dXJl",
    });
    expect(wrong.statusCode).toBe(409);
    expect(errorOf(wrong.json()).message).toBe(legacyMessages.keyChanged);
    const confirmed = await owner.client.post(`/api/legacy/contacts/${invited.id}/confirm`, {
      fingerprintHex: fingerprintHex.toUpperCase(),
      signature: "c2lnbmF0dXJl",
    });
    expect(confirmed.statusCode).toBe(200);
    expect(legacyContactSchema.parse(confirmed.json())).toMatchObject({
      state: "confirmed",
      keyChanged: false,
      confirmation: { fingerprintHex, signature: "c2lnbmF0dXJl" },
    });

    const named = legacyNamedMeListSchema.parse((await contact.client.get("/api/legacy/named-me")).json());
    expect(named.entries.map((e) => [e.contactId, e.state])).toEqual([[invited.id, "confirmed"]]);
    const notes = notificationsPageSchema.parse(
      (await owner.client.get("/api/account/notifications")).json(),
    );
    expect(notes.entries.map((n) => n.kind)).toEqual(["legacy-contact-accepted"]);
    const [ownerMail] = await t.mailTo(owner.email);
    expect(ownerMail?.text).toContain(`${publicUrl}/account/legacyinvitations`);

    // The contact leaves; the owner sees it and is told.
    expect((await contact.client.request("DELETE", `/api/legacy/named-me/${invited.id}`)).statusCode).toBe(
      204,
    );
    const after = legacyContactListSchema.parse((await owner.client.get("/api/legacy/contacts")).json());
    expect(after.contacts.find((c) => c.id === invited.id)?.state).toBe("left");
  });

  it("answers a person's mistakes with messages they can act on", async () => {
    const owner = await signUp(t.app, { name: "olive owner" });
    const self = await owner.client.post("/api/legacy/contacts", { email: owner.email, details });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self.json()).fields?.email).toBe(legacyMessages.inviteYourself);
    const unsealed = await owner.client.post("/api/legacy/contacts", {
      email: uniqueEmail(),
      details: '{"name":"Jane"}',
    });
    expect(unsealed.statusCode).toBe(400);
    expect(errorOf(unsealed.json()).fields?.details).toBe(legacyMessages.detailsInvalid);
    const longNote = await owner.client.post("/api/legacy/contacts", {
      email: uniqueEmail(),
      details,
      note: "x".repeat(501),
    });
    expect(errorOf(longNote.json()).fields?.note).toBe(legacyMessages.noteTooLong);

    const email = uniqueEmail("twice");
    expect((await owner.client.post("/api/legacy/contacts", { email, details })).statusCode).toBe(201);
    const twice = await owner.client.post("/api/legacy/contacts", { email, details });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice.json()).message).toBe(legacyMessages.alreadyInvited);

    // Signed in with another address: told which address the invitation went to.
    const { token } = await invitationLink(t, email);
    const someoneElse = await signUp(t.app);
    const wrongAccount = await someoneElse.client.post("/api/legacy/invitation/accept", { token });
    expect(wrongAccount.statusCode).toBe(403);
    expect(errorOf(wrongAccount.json()).message).toBe(legacyMessages.wrongAccount(maskEmail(email)));

    // Resend limit: 3 mails in 24 hours, the invitation's own included.
    const [contact] = legacyContactListSchema.parse(
      (await owner.client.get("/api/legacy/contacts")).json(),
    ).contacts;
    const resend = () => owner.client.post(`/api/legacy/contacts/${contact?.id}/resend`);
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited.json())).toMatchObject({ message: legacyMessages.tooManySends });
    expect(errorOf(limited.json()).retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(limited.headers["retry-after"]).toBe(String(errorOf(limited.json()).retryAfterSeconds));
    expect(await t.mailTo(email)).toHaveLength(3);
  });
});
