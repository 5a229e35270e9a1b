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
}

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
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        action: row.action,
        device: row.device,
        operating: row.operating,
        timestamp: row.timestamp,
      }));
    },
  };
}
