import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../schema.ts";

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

/** Access to better-auth's user table: better-auth writes it, except for a person renaming themselves. */
export interface UsersRepo {
  findByEmail(email: string): Promise<UserRecord | undefined>;
  findById(id: string): Promise<UserRecord | undefined>;
  updateName(id: string, name: string, now: Date): Promise<void>;
}

/** `authUsesDates`: better-auth keeps its times as Date on PostgreSQL and as ISO text on SQLite. */
export function createUsersRepo(db: Kysely<DatabaseSchema>, authUsesDates = false): UsersRepo {
  const query = () =>
    db.selectFrom("user").select(["id", "email", "name", "emailVerified", "twoFactorEnabled"]);
  const toRecord = (row: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean | number;
    twoFactorEnabled: boolean | number | null;
  }): UserRecord => ({
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: Boolean(row.emailVerified),
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
  });
  return {
    async findByEmail(email) {
      const row = await query().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
      return row && toRecord(row);
    },
    async findById(id) {
      const row = await query().where("id", "=", id).executeTakeFirst();
      return row && toRecord(row);
    },
    async updateName(id, name, now) {
      await db
        .updateTable("user")
        .set({ name, updatedAt: authUsesDates ? now : now.toISOString() })
        .where("id", "=", id)
        .execute();
    },
  };
}
