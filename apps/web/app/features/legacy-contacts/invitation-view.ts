import { type LegacyInvitationView, legacyMessages, type SessionUser } from "@heirloom/contract";

/** What the invitation page says about an invitation that can no longer be answered (the server's words). */
export interface InvitationClosed {
  tone: "warning" | "success" | "info";
  message: string;
}

/** Null while the invitation can still be answered. */
export function invitationClosed(
  view: Pick<LegacyInvitationView, "state" | "ownerName">,
): InvitationClosed | null {
  switch (view.state) {
    case "open":
      return null;
    case "expired":
      return { tone: "warning", message: legacyMessages.invitationExpired(view.ownerName) };
    case "revoked":
      return {
        tone: "info",
        message: `${legacyMessages.invitationWithdrawn} ${view.ownerName} no longer asks you to be their legacy contact, and nothing more is needed from you.`,
      };
    case "accepted":
      return { tone: "success", message: legacyMessages.invitationAccepted };
    case "declined":
      return { tone: "info", message: legacyMessages.invitationDeclined(view.ownerName) };
  }
}

/** Who is looking at the invitation: what they can do with it from here. */
export type InvitationViewer =
  | { kind: "checking" }
  /** No session in this tab (or one without its vault key): create an account or sign in first. */
  | { kind: "visitor" }
  /** Signed in with an account that has no vault yet (a provider's sign-in): the vault comes first. */
  | { kind: "needs-vault"; user: SessionUser }
  | { kind: "ready"; user: SessionUser };

export function invitationViewer(session: {
  status: "loading" | "signed-in" | "signed-out";
  user: SessionUser | null;
}): InvitationViewer {
  if (session.status === "loading") return { kind: "checking" };
  if (session.status === "signed-out" || !session.user) return { kind: "visitor" };
  if (!session.user.hasVault || session.user.vaultLocked) return { kind: "needs-vault", user: session.user };
  return { kind: "ready", user: session.user };
}
