import { afterEach, describe, expect, it } from "vitest";
import { createNotificationsRepo } from "../db/repos/notifications.repo.ts";
import { createProfilesRepo } from "../db/repos/profiles.repo.ts";
import { insertTestUser, type TestDatabase, testDatabaseTargets } from "../db/test-databases.ts";
import { steppingClock } from "../testing/clock.ts";
import { createNotificationsService } from "./notifications.service.ts";

// The notifications service on a real database with a stepping clock, without HTTP.

const chromeLinux =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const safariIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe.each(testDatabaseTargets())("notifications on $name", (target) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
  });

  async function setup() {
    database = await target.open({ migrate: true });
    const service = createNotificationsService({
      repo: createNotificationsRepo(database.db, database.dialect),
      clock: steppingClock("2026-05-01T09:00:00.000Z"),
    });
    return { service, userId: await insertTestUser(database), other: await insertTestUser(database, "Bo") };
  }

  it("tells of a sign-in from a new browser and system, never of the first device or a known one", async () => {
    const { service, userId } = await setup();
    await service.sessionCreated(userId, chromeLinux); // the device the account was made on
    await service.sessionCreated(userId, chromeLinux);
    await service.sessionCreated(userId, null);
    expect((await service.page(userId, { limit: 10 })).entries).toEqual([]);
    await service.sessionCreated(userId, safariIphone);
    const page = await service.page(userId, { limit: 10 });
    expect(page.entries.map((e) => e.kind)).toEqual(["new-device-sign-in"]);
    expect(page.entries[0]?.title).toBe("New sign-in from Safari on a phone (iOS)");
    expect(page.unread).toBe(1);
  });

  it("pages newest first with a cursor, and refuses a cursor it did not make", async () => {
    const { service, userId } = await setup();
    for (const kind of ["password-changed", "two-factor-enabled", "two-factor-disabled"] as const) {
      await service.notify(userId, kind);
    }
    const first = await service.page(userId, { limit: 2 });
    expect(first.entries.map((e) => e.kind)).toEqual(["two-factor-disabled", "two-factor-enabled"]);
    expect(first.next).toEqual(expect.any(String));
    const second = await service.page(userId, { limit: 2, cursor: first.next ?? "" });
    expect(second.entries.map((e) => e.kind)).toEqual(["password-changed"]);
    expect(second.next).toBeNull();
    await expect(service.page(userId, { limit: 2, cursor: "bm9wZQ" })).rejects.toMatchObject({
      code: "validation_failed",
    });
  });

  it("marks only the caller's own notifications read", async () => {
    const { service, userId, other } = await setup();
    await service.notify(userId, "password-changed");
    await service.notify(other, "phone-verified", "+14155550123");
    const theirs = (await service.page(other, { limit: 5 })).entries;
    expect(theirs[0]?.body).toContain("+14155550123");
    expect(await service.markRead(userId, [theirs[0]?.id ?? ""])).toEqual({ unread: 1 });
    expect(await service.unreadCount(other)).toEqual({ unread: 1 });
    expect(await service.markRead(userId, "all")).toEqual({ unread: 0 });
    expect(await service.unreadCount(other)).toEqual({ unread: 1 });
  });

  // [Note: The standing check-in reminder]
  it("shows the last check-in reminder as one entry in its place by time, unread until read, and a newer one unread again", async () => {
    const { service, userId, other } = await setup();
    const db = database?.db;
    if (!db) throw new Error("no database");
    await createProfilesRepo(db).createDefault(userId, "individual", new Date("2026-05-01T09:00:00.000Z"));
    const remind = (sentAt: string, deadlineAt: string) =>
      db
        .updateTable("profiles")
        .set({ reminder_sent_at: sentAt, reminder_deadline_at: deadlineAt })
        .where("user_id", "=", userId)
        .execute();
    // The stepping clock gives the rows 09:00:01 and 09:00:02; the reminder went between them.
    await service.notify(userId, "password-changed");
    await remind("2026-05-01T09:00:01.500Z", "2027-03-11T09:00:00.000Z");
    await service.notify(userId, "two-factor-enabled");
    const page = await service.page(userId, { limit: 10 });
    expect(page.entries.map((e) => e.kind)).toEqual([
      "two-factor-enabled",
      "legacy-check-in-reminder",
      "password-changed",
    ]);
    const reminder = page.entries[1];
    expect(reminder).toMatchObject({
      title: "Please check in",
      createdAt: "2026-05-01T09:00:01.500Z",
      readAt: null,
    });
    expect(reminder?.body).toContain("by 11 March 2027.");
    expect(page.unread).toBe(3);
    // One at a time, each once, in the same order.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const one = await service.page(userId, { limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...one.entries.map((e) => e.kind));
      cursor = one.next ?? undefined;
    } while (cursor);
    expect(seen).toEqual(page.entries.map((e) => e.kind));
    // Another account cannot mark it read; its owner can, by its id.
    await service.markRead(other, [reminder?.id ?? ""]);
    expect(await service.unreadCount(userId)).toEqual({ unread: 3 });
    expect(await service.markRead(userId, [reminder?.id ?? ""])).toEqual({ unread: 2 });
    expect((await service.page(userId, { limit: 10 })).entries[1]?.readAt).toEqual(expect.any(String));
    // A newer reminder is unread again, and marking the older one read (a page opened before it) leaves it so.
    await remind("2026-05-01T09:00:04.500Z", "2027-03-12T09:00:00.000Z");
    const newer = (await service.page(userId, { limit: 10 })).entries[0];
    expect(newer).toMatchObject({ kind: "legacy-check-in-reminder", readAt: null });
    expect(newer?.body).toContain("by 12 March 2027.");
    expect(await service.markRead(userId, [reminder?.id ?? ""])).toEqual({ unread: 3 });
    expect(await service.markRead(userId, "all")).toEqual({ unread: 0 });
    expect((await service.page(userId, { limit: 10 })).entries.every((e) => e.readAt !== null)).toBe(true);
  });

  it("words a reminder that went after its deadline as its mail did: the check-in was missed", async () => {
    const { service, userId } = await setup();
    const db = database?.db;
    if (!db) throw new Error("no database");
    await createProfilesRepo(db).createDefault(userId, "individual", new Date("2026-05-01T09:00:00.000Z"));
    await db
      .updateTable("profiles")
      .set({ reminder_sent_at: "2027-03-12T09:00:00.000Z", reminder_deadline_at: "2027-03-11T09:00:00.000Z" })
      .where("user_id", "=", userId)
      .execute();
    const [reminder] = (await service.page(userId, { limit: 10 })).entries;
    expect(reminder).toMatchObject({ kind: "legacy-check-in-reminder", title: "You missed a check-in" });
    expect(reminder?.body).toContain("You did not check in by 11 March 2027.");
    expect(reminder?.body).not.toContain("if you do not check in");
  });

  it("shows no reminder entry for an account that was never reminded", async () => {
    const { service, userId } = await setup();
    await service.notify(userId, "password-changed");
    expect((await service.page(userId, { limit: 10 })).entries.map((e) => e.kind)).toEqual([
      "password-changed",
    ]);
    expect(await service.markRead(userId, ["reminder-2026-05-01T09:00:00.000Z"])).toEqual({ unread: 1 });
  });
});
