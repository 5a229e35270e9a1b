import type { Kysely, Selectable } from "kysely";
import type { ContactMessagesTable, DatabaseSchema } from "../schema.ts";

export interface ContactMessageRecord {
  id: string;
  name: string;
  email: string;
  message: string;
  ipHash: string;
  createdAt: string;
}

export interface ContactRepo {
  insert(record: ContactMessageRecord): Promise<void>;
  findById(id: string): Promise<ContactMessageRecord | undefined>;
}

export function createContactRepo(db: Kysely<DatabaseSchema>): ContactRepo {
  return {
    async insert(record) {
      await db
        .insertInto("contact_messages")
        .values({
          id: record.id,
          name: record.name,
          email: record.email,
          message: record.message,
          ip_hash: record.ipHash,
          created_at: record.createdAt,
        })
        .execute();
    },

    async findById(id) {
      const row = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toRecord(row);
    },
  };
}

function toRecord(row: Selectable<ContactMessagesTable>): ContactMessageRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    ipHash: row.ip_hash,
    createdAt: row.created_at,
  };
}
