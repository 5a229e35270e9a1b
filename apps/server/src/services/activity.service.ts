import { type ActivityAction, describeUserAgent, securityActivityActions } from "@heirloom/contract";
import type { ActivityRepo } from "../db/repos/activity.repo.ts";
import type { ProfilesRepo } from "../db/repos/profiles.repo.ts";
import type { Clock } from "./clock.ts";

/** Activities kept whatever the user's activityToggle says: they are the security record of the account. */
export const securityActions: ReadonlySet<string> = new Set<string>(securityActivityActions);

/**
 * SPEC logActivity, written by the server where it sees the action (sign-in, sign-out, password change, uploads...),
 * so a page that skips its call cannot leave a hole in the log. Routine actions respect activityToggle; security
 * actions are always kept. `userAgent` is the acting browser's, read into device and operating system; an action the
 * server takes on its own, or someone else's that concerns this user, has none.
 */
export function createActivityLog(deps: { activity: ActivityRepo; profiles: ProfilesRepo; clock: Clock }) {
  async function write(userId: string, entry: { action: string; device: string; operating: string }) {
    const profile = await deps.profiles.find(userId);
    if (!profile) return;
    if (!profile.activityToggle && !securityActions.has(entry.action)) return;
    await deps.activity.insert({ userId, ...entry }, deps.clock());
  }

  return {
    write,
    async record(userId: string, action: ActivityAction, userAgent?: string | null): Promise<void> {
      const { device, operating } = userAgent ? describeUserAgent(userAgent) : { device: "", operating: "" };
      await write(userId, { action, device, operating });
    },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
/** Records one action of a user (see createActivityLog). */
export type RecordActivity = ActivityLog["record"];
