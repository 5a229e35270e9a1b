import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { type ContactRepo, createContactRepo } from "../db/repos/contact.repo.ts";
import { type TestDatabase, testDatabaseTargets } from "../db/test-databases.ts";
import { createContactService } from "./contact.service.ts";
import { createIpHasher } from "./ip-hash.ts";

const memory = testDatabaseTargets({}).find((target) => target.name === "sqlite (memory)");
const fixedNow = new Date("2026-04-05T06:07:08.000Z");

describe("contact service", () => {
  let database: TestDatabase;
  let repo: ContactRepo;
  const hashIp = createIpHasher("test-secret-0123456789");

  beforeAll(async () => {
    if (!memory) throw new Error("sqlite (memory) target missing");
    database = await memory.open({ migrate: true });
    repo = createContactRepo(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("stores a trimmed message with a hashed IP and answers its id and time", async () => {
    const service = createContactService({ repo, clock: () => fixedNow, hashIp });
    const answer = await service.submit(
      { name: "  Grace ", email: " grace@example.com ", message: "  Please call me about my plan.  " },
      { ip: "203.0.113.9" },
    );
    expect(answer.receivedAt).toBe(fixedNow.toISOString());
    const stored = await repo.findById(answer.id);
    expect(stored).toEqual({
      id: answer.id,
      name: "Grace",
      email: "grace@example.com",
      message: "Please call me about my plan.",
      ipHash: hashIp("203.0.113.9"),
      createdAt: fixedNow.toISOString(),
    });
    expect(stored?.ipHash).not.toContain("203.0.113.9");
  });

  it("re-validates its input and stores nothing when it is invalid", async () => {
    const insert = vi.fn(repo.insert);
    const service = createContactService({ repo: { ...repo, insert }, clock: () => fixedNow, hashIp });
    await expect(
      service.submit({ name: "X", email: "not-an-email", message: "short" }, { ip: "203.0.113.9" }),
    ).rejects.toBeInstanceOf(ZodError);
    expect(insert).not.toHaveBeenCalled();
  });

  it("never logs the message", async () => {
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    try {
      const service = createContactService({ repo, clock: () => fixedNow, hashIp });
      await service.submit(
        { name: "Sam", email: "sam@example.com", message: "My private message text" },
        { ip: "203.0.113.9" },
      );
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe("createIpHasher", () => {
  it("hashes with its key, the same address the same way, IPv4-mapped IPv6 like IPv4", () => {
    const a = createIpHasher("first-secret-0123456789");
    const b = createIpHasher("other-secret-0123456789");
    expect(a("198.51.100.7")).toMatch(/^[0-9a-f]{64}$/);
    expect(a("198.51.100.7")).toBe(a("::ffff:198.51.100.7"));
    expect(a("198.51.100.7")).not.toBe(b("198.51.100.7"));
    expect(a("198.51.100.7")).not.toBe(a("198.51.100.8"));
  });

  it("refuses a short secret", () => {
    expect(() => createIpHasher("short")).toThrow(/at least 16 bytes/);
  });
});
