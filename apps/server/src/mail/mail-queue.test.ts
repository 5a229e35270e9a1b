import { describe, expect, it } from "vitest";
import { createBackgroundTasks } from "../background-tasks.ts";
import { createMailQueue } from "./mail-queue.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

/** A mailer whose sends finish when the test says so; it records what it was handed, in order. */
function heldMailer() {
  const handed: MailMessage[] = [];
  const pending: { finish: () => void; fail: (error: Error) => void }[] = [];
  const mailer: Mailer = {
    kind: "outbox",
    send: (message) =>
      new Promise<void>((resolve, reject) => {
        handed.push(message);
        pending.push({ finish: resolve, fail: reject });
      }),
    close: async () => {},
  };
  return { mailer, handed, pending };
}

const message = (n: number): MailMessage => ({
  to: `p${n}@example.com`,
  subject: `m${n}`,
  text: "t",
  html: "h",
});
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("the mail queue", () => {
  it("hands the mailer a few messages at a time, in order, writing each only when its turn comes", async () => {
    const { mailer, handed, pending } = heldMailer();
    const errors: unknown[] = [];
    const background = createBackgroundTasks((error) => errors.push(error));
    const queue = createMailQueue(mailer, (work) => background.run(work), 4);
    const written: number[] = [];
    for (let n = 0; n < 40; n += 1)
      queue.send(() => {
        written.push(n);
        return message(n);
      });
    expect(written).toEqual([0, 1, 2, 3]);
    expect(queue.waiting()).toBe(36);
    // Each message that goes lets the next one be written and handed over, never more than four at once.
    let settled = false;
    void background.settled().then(() => {
      settled = true;
    });
    for (let done = 0; done < 40; done += 1) {
      pending[done]?.finish();
      await turn();
      expect(handed.length).toBe(Math.min(40, done + 5));
      expect(settled).toBe(done === 39);
    }
    expect(handed.map((m) => m.subject)).toEqual(Array.from({ length: 40 }, (_, n) => `m${n}`));
    expect(queue.waiting()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("reports a message that could not be written or sent, and goes on with the rest", async () => {
    const { mailer, handed, pending } = heldMailer();
    const errors: unknown[] = [];
    const background = createBackgroundTasks((error) => errors.push(error));
    const queue = createMailQueue(mailer, (work) => background.run(work), 1);
    queue.send(() => message(0));
    queue.send(() => {
      throw new Error("a template failed");
    });
    queue.send(() => message(2));
    queue.send(() => message(3));
    pending[0]?.fail(new Error("the SMTP server refused it"));
    await turn();
    pending[1]?.finish();
    await turn();
    pending[2]?.finish();
    await background.settled();
    expect(handed.map((m) => m.subject)).toEqual(["m0", "m2", "m3"]);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      "the SMTP server refused it",
      "a template failed",
    ]);
  });
});
