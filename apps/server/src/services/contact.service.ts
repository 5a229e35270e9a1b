import { randomUUID } from "node:crypto";
import { type ContactRequest, type ContactResponse, contactRequestSchema } from "@heirloom/contract";
import type { ContactRepo } from "../db/repos/contact.repo.ts";
import type { Clock } from "./clock.ts";

export interface ContactServiceDeps {
  repo: ContactRepo;
  clock: Clock;
  /** Keyed hash of the sender's IP (see createIpHasher); the address itself is never stored. */
  hashIp: (ip: string) => string;
}

export interface ContactService {
  /** Stores a message from the contact form. Throws a ZodError when the input is invalid. */
  submit(input: ContactRequest, meta: { ip: string }): Promise<ContactResponse>;
}

export function createContactService({ repo, clock, hashIp }: ContactServiceDeps): ContactService {
  return {
    async submit(input, meta) {
      // The route validated already; parsing again keeps the rule in force for any other caller, and trims.
      // Nothing here logs: a message can hold anything a person chose to tell us.
      const { name, email, message } = contactRequestSchema.parse(input);
      const id = randomUUID();
      const receivedAt = clock().toISOString();
      await repo.insert({ id, name, email, message, ipHash: hashIp(meta.ip), createdAt: receivedAt });
      return { id, receivedAt };
    },
  };
}
