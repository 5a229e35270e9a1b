import type { Mailer, MailMessage } from "./mailer.ts";

/** How many messages a queue hands its mailer at once, by default (the SMTP pool's connections, and some to spare). */
export const mailInFlight = 16;

export interface MailQueue {
  /** Queues a message that `make` writes when its turn comes (at once, while fewer than the limit are in flight). */
  send(make: () => MailMessage): void;
  /** Messages waiting for their turn (not counting those in flight). */
  waiting(): number;
}

/**
 * Hands messages to `mailer` at most `inFlight` at a time, each written only when its turn comes (ADR 065). A sweep
 * can owe 100,000 reminders at once. Handed over all at once, an SMTP pool would hold every message, written out in
 * full, until it went (at the SMTP server's pace, minutes), and the outbox would start a file write for each. Here a
 * waiting message is what `make` needs to write it. Each message in flight goes through `runInBackground` (failures
 * reported, and a server that closes waits for it); the next is started before that one counts as done, so waiting
 * for the background work waits for the whole queue.
 */
export function createMailQueue(
  mailer: Mailer,
  runInBackground: (work: Promise<unknown>) => void,
  inFlight = mailInFlight,
): MailQueue {
  let queue: (() => MailMessage)[] = [];
  let next = 0;
  let running = 0;

  function start(make: () => MailMessage) {
    running += 1;
    let sending: Promise<void>;
    try {
      sending = mailer.send(make());
    } catch (error) {
      sending = Promise.reject(error);
    }
    runInBackground(
      sending.finally(() => {
        running -= 1;
        if (next < queue.length) {
          const make = queue[next] as () => MailMessage;
          next += 1;
          // What has been taken is let go of now and then, not on every message.
          if (next === queue.length) {
            queue = [];
            next = 0;
          } else if (next >= 1024 && next * 2 >= queue.length) {
            queue = queue.slice(next);
            next = 0;
          }
          start(make);
        }
      }),
    );
  }

  return {
    send(make) {
      if (running < inFlight) start(make);
      else queue.push(make);
    },
    waiting: () => queue.length - next,
  };
}
