import { errorBodySchema, profileMessages, profileSchema } from "@heirloom/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, engines, signUp, startTestApp, type TestApp } from "../testing/app-harness.ts";

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return {
    dobDay: String(d.getUTCDate()),
    dobMonth: String(d.getUTCMonth() + 1),
    dobYear: String(d.getUTCFullYear()),
  };
};

describe.each(engines())("profile editing and the activity log on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("saves a date of birth, zip code, preferences and name, and reads them back", async () => {
    const { client } = await signUp(t.app, { name: "ada lovelace" });
    const res = await client.patch("/api/account/profile", {
      name: " Vincent   van Gogh-noel ",
      dateOfBirth: { dobDay: "10", dobMonth: "12", dobYear: "1985" },
      zipCode: " sw1a 1aa ",
      emailToggle: true,
      activityToggle: false,
      textToggle: false,
      activityCheck: "30",
      DarkMode: "dark",
    });
    expect(res.statusCode).toBe(200);
    const saved = profileSchema.parse(res.json());
    expect(saved).toMatchObject({
      name: "Vincent van Gogh-noel",
      dobDay: "10",
      dobMonth: "12",
      dobYear: "1985",
      zipCode: "SW1A 1AA",
      emailToggle: true,
      activityToggle: false,
      textToggle: false,
      activityCheck: "30",
      DarkMode: "dark",
    });
    expect((await client.get("/api/account/profile")).json()).toEqual(saved);
    expect((await client.get("/api/account/me")).json().name).toBe("Vincent van Gogh-noel");

    // Clearing: null removes the date of birth and the zip code; other fields stay.
    const cleared = (await client.patch("/api/account/profile", { dateOfBirth: null, zipCode: null })).json();
    expect(cleared).toMatchObject({
      dobDay: null,
      dobMonth: null,
      dobYear: null,
      zipCode: null,
      DarkMode: "dark",
    });
  });

  it("refuses impossible, future and under-18 dates of birth, bad zip codes and unknown fields, and saves nothing", async () => {
    const { client } = await signUp(t.app);
    const before = (await client.get("/api/account/profile")).json();
    const cases: [unknown, string, string][] = [
      [
        { dateOfBirth: { dobDay: "30", dobMonth: "2", dobYear: "1990" } },
        "dateOfBirth",
        profileMessages.dobInvalid,
      ],
      [{ dateOfBirth: yearsAgo(0, 1) }, "dateOfBirth", profileMessages.dobFuture],
      [{ dateOfBirth: yearsAgo(18, 1) }, "dateOfBirth", profileMessages.dobUnder18],
      [
        { dateOfBirth: { dobDay: "1", dobMonth: "1", dobYear: "1850" } },
        "dateOfBirth",
        profileMessages.dobTooOld,
      ],
      [{ zipCode: "<script>", emailToggle: true }, "zipCode", profileMessages.zipInvalid],
      [{ DarkMode: "sepia" }, "DarkMode", ""],
      [{ AccountTier: "premium" }, "_", ""],
      [{}, "_", profileMessages.nothingToSave],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.patch("/api/account/profile", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorBodySchema.parse(res.json()).error;
      expect(error.code).toBe("validation_failed");
      const fieldMessage = Object.entries(error.fields ?? {}).find(
        ([k]) => k.startsWith(field) || field === "_",
      );
      expect(fieldMessage, JSON.stringify(error)).toBeDefined();
      if (message) expect(fieldMessage?.[1]).toBe(message);
    }
    expect((await client.get("/api/account/profile")).json()).toEqual(before);
  });

  it("accepts a person who turns 18 today", async () => {
    const { client } = await signUp(t.app);
    const res = await client.patch("/api/account/profile", { dateOfBirth: yearsAgo(18) });
    expect(res.statusCode).toBe(200);
  });

  it("needs a session to edit or read", async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.patch("/api/account/profile", { emailToggle: true })).statusCode).toBe(401);
    expect((await anonymous.get("/api/account/activity")).statusCode).toBe(401);
  });

  it("pages through the activity log newest first, and shows nobody else's", async () => {
    const { client } = await signUp(t.app);
    const other = await signUp(t.app);
    for (let i = 0; i < 7; i++) {
      const res = await client.post("/api/account/activity", {
        action: "document-view",
        device: `Desktop ${i}`,
        operating: "Linux",
      });
      expect(res.statusCode).toBe(204);
      // Entries of the same millisecond are ordered by id, not by arrival; keep these apart.
      await new Promise((r) => setTimeout(r, 3));
    }
    await other.client.post("/api/account/activity", {
      action: "document-view",
      device: "Theirs",
      operating: "iOS",
    });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/account/activity?limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await client.get(url);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { entries: { device: string; timestamp: string }[]; next: string | null };
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries.map((e) => e.device));
      cursor = page.next;
      pages++;
    } while (cursor && pages < 10);
    const mine = seen.filter((device) => device.startsWith("Desktop "));
    expect(mine).toEqual([
      "Desktop 6",
      "Desktop 5",
      "Desktop 4",
      "Desktop 3",
      "Desktop 2",
      "Desktop 1",
      "Desktop 0",
    ]);
    expect(seen).not.toContain("Theirs");

    expect((await client.get("/api/account/activity?cursor=bm90LWEtY3Vyc29y")).statusCode).toBe(400);
    expect((await client.get("/api/account/activity?limit=1000")).statusCode).toBe(400);
  });
});
