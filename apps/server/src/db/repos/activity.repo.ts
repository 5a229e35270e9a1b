import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../schema.ts";

export interface ActivityRecord {
  id: string;
  userId: string;
  action: string;
  device: string;
  operating: string;
  timestamp: string;
}

export interface ActivityRepo {
  insert(entry: Omit<ActivityRecord, "id" | "timestamp">, now: Date): Promise<void>;
  /** Newest first. */
  listForUser(userId: string, limit: number): Promise<ActivityRecord[]>;
  /** Newest first, `limit` entries older than the entry `after` (timestamp and id), or from the newest. */
  page(
    userId: string,
    options: { limit: number; after?: { timestamp: string; id: string } },
  ): Promise<ActivityRecord[]>;
}

const toRecord = (row: {
  id: string;
  user_id: string;
  action: string;
  device: string;
  operating: string;
  timestamp: string;
}): ActivityRecord => ({
  id: row.id,
  userId: row.user_id,
  action: row.action,
  device: row.device,
  operating: row.operating,
  timestamp: row.timestamp,
});

export function createActivityRepo(db: Kysely<DatabaseSchema>): ActivityRepo {
  return {
    async insert(entry, now) {
      await db
        .insertInto("activity")
        .values({
          id: randomUUID(),
          user_id: entry.userId,
          action: entry.action,
          device: entry.device,
          operating: entry.operating,
          timestamp: now.toISOString(),
        })
        .execute();
    },
    async listForUser(userId, limit) {
      const rows = await db
        .selectFrom("activity")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("timestamp", "desc")
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },
    async page(userId, { limit, after }) {
      let query = db.selectFrom("activity").selectAll().where("user_id", "=", userId);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("timestamp", "<", after.timestamp),
            eb.and([eb("timestamp", "=", after.timestamp), eb("id", "<", after.id)]),
          ]),
        );
      }
      const rows = await query.orderBy("timestamp", "desc").orderBy("id", "desc").limit(limit).execute();
      return rows.map(toRecord);
    },
  };
}
