import path from "node:path";
import { errorBodySchema, phoneMessages, phoneStatusSchema } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, engines, signUp, startTestApp, type TestApp } from "../testing/app-harness.ts";
import { readTextOutbox } from "../text/outbox-text-sender.ts";

async function lastCodeTo(t: TestApp, phone: string): Promise<string> {
  const texts = await readTextOutbox(path.join(t.dataDir, "text-outbox"));
  const text = texts.find((m) => m.to === phone);
  const code = /\b(\d{6})\b/.exec(text?.body ?? "")?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

const errorOf = (body: unknown) => errorBodySchema.parse(body).error;

describe.each(engines())("mobile number for texts on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("needs a session", async () => {
    const visitor = new Client(t.app);
    expect((await visitor.get("/api/account/phone")).statusCode).toBe(401);
    expect((await visitor.post("/api/account/phone", { phone: "+14155550123" })).statusCode).toBe(401);
    expect((await visitor.post("/api/account/phone/verify", { code: "123456" })).statusCode).toBe(401);
    expect((await visitor.request("DELETE", "/api/account/phone")).statusCode).toBe(401);
  });

  it("refuses a number that is not E.164, with the field message, and sends nothing", async () => {
    const { client } = await signUp(t.app);
    for (const phone of ["4155550123", "+0123456789", "+1234567", "+1234567890123456", "+1 415 555 CALL"]) {
      const res = await client.post("/api/account/phone", { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(errorOf(res.json()).fields?.phone, phone).toBe(phoneMessages.invalid);
    }
    expect(phoneStatusSchema.parse((await client.get("/api/account/phone")).json())).toEqual({
      phone: null,
      pending: null,
    });
  });

  it("verifies a number with the texted code; texts can be turned on only then; removing turns them off", async () => {
    const { client } = await signUp(t.app);
    const refused = await client.patch("/api/account/profile", { textToggle: true, emailToggle: true });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.json()).fields?.textToggle).toBe(phoneMessages.textNeedsVerifiedPhone);
    expect((await client.get("/api/account/profile")).json()).toMatchObject({
      textToggle: false,
      emailToggle: false,
    });

    const sent = await client.post("/api/account/phone", { phone: "+44 (20) 7946-0958" });
    expect(sent.statusCode).toBe(200);
    const pending = phoneStatusSchema.parse(sent.json());
    expect(pending.phone).toBeNull();
    expect(pending.pending?.phone).toBe("+442079460958");
    const code = await lastCodeTo(t, "+442079460958");

    // The code is kept only as a hash.
    const row = await t.database.db.selectFrom("phone_numbers").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);

    const wrong = await client.post("/api/account/phone/verify", {
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong.json()).fields?.code).toBe(phoneMessages.codeWrong);
    const malformed = await client.post("/api/account/phone/verify", { code: "12ab" });
    expect(errorOf(malformed.json()).fields?.code).toBe(phoneMessages.codeFormat);

    const verified = await client.post("/api/account/phone/verify", { code });
    expect(verified.statusCode).toBe(200);
    expect(phoneStatusSchema.parse(verified.json())).toEqual({ phone: "+442079460958", pending: null });
    // Used up: the same code does not work twice.
    expect((await client.post("/api/account/phone/verify", { code })).statusCode).toBe(400);

    const on = await client.patch("/api/account/profile", { textToggle: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().textToggle).toBe(true);
    const notes = (await client.get("/api/account/notifications")).json() as { entries: { kind: string }[] };
    expect(notes.entries.map((n) => n.kind)).toContain("phone-verified");

    const removed = await client.request("DELETE", "/api/account/phone");
    expect(removed.statusCode).toBe(200);
    expect(phoneStatusSchema.parse(removed.json()).phone).toBeNull();
    expect((await client.get("/api/account/profile")).json().textToggle).toBe(false);
  });

  it("asks to wait a minute before texting another code", async () => {
    const { client } = await signUp(t.app);
    expect((await client.post("/api/account/phone", { phone: "+14155550123" })).statusCode).toBe(200);
    const again = await client.post("/api/account/phone", { phone: "+14155550123" });
    expect(again.statusCode).toBe(429);
    expect(errorOf(again.json()).message).toBe(phoneMessages.resendTooSoon);
  });

  it("never shows or verifies another user's number", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await a.client.post("/api/account/phone", { phone: "+14155550199" });
    const code = await lastCodeTo(t, "+14155550199");
    expect(phoneStatusSchema.parse((await b.client.get("/api/account/phone")).json())).toEqual({
      phone: null,
      pending: null,
    });
    expect((await b.client.post("/api/account/phone/verify", { code })).statusCode).toBe(400);
    expect(phoneStatusSchema.parse((await a.client.get("/api/account/phone")).json()).pending?.phone).toBe(
      "+14155550199",
    );
  });
});
