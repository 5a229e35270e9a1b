import type { LegacyContact, LegacyPlan } from "@heirloom/contract";
import type { DocumentEntry } from "#app/features/documents/documents.ts";

// What the home dashboard says, from the server's answers alone: plain functions, so the page and its tests agree.

/** One thing on home that needs the person, with the page where it is done. */
export interface Attention {
  readonly id: string;
  readonly text: string;
  readonly action: { readonly label: string; readonly to: string };
}

/** The newest complete documents first, at most `count`. */
export function latestDocuments(documents: readonly DocumentEntry[], count = 3): DocumentEntry[] {
  return documents
    .filter((d) => d.status === "ready")
    .toSorted((a, b) => (b.added ?? "").localeCompare(a.added ?? ""))
    .slice(0, count);
}

/** Contacts still part of the circle (waiting, accepted or confirmed). */
export const liveContacts = (contacts: readonly LegacyContact[]) =>
  contacts.filter((c) => c.state === "invited" || c.state === "accepted" || c.state === "confirmed");

const contactsPage = "/app/legacyinvitations";
const plansPage = "/app/LegacySettings";

/**
 * What needs the owner in their legacy circle: a contact who accepted and waits to be confirmed, a confirmed contact
 * whose key changed, an invitation that expired, and plan items not yet wrapped to a confirmed recipient (the wrap
 * queue does that in this browser while the owner is signed in; a key that changed stops it until confirmed again).
 * `names` holds the name the owner gave each contact, opened in this browser (contactId -> name); a contact whose
 * name has not opened (yet) is called by their address.
 */
export function legacyAttention(
  contacts: readonly LegacyContact[],
  plans: readonly LegacyPlan[],
  names: ReadonlyMap<string, string> = new Map(),
): Attention[] {
  const out: Attention[] = [];
  const byId = new Map(contacts.map((c) => [c.id, c]));
  for (const c of contacts) {
    const name = names.get(c.id);
    const who = name ? `${name} (${c.email})` : c.email;
    if (c.state === "accepted") {
      out.push({
        id: `confirm-${c.id}`,
        text: `${who} accepted your invitation. Compare their six words with them, then confirm them.`,
        action: { label: "Confirm contact", to: contactsPage },
      });
    } else if (c.state === "confirmed" && c.keyChanged) {
      out.push({
        id: `key-${c.id}`,
        text: `${who}'s key has changed. Nothing more is shared with them until you compare and confirm again.`,
        action: { label: "Compare again", to: contactsPage },
      });
    } else if (c.state === "expired") {
      out.push({
        id: `expired-${c.id}`,
        text: `The invitation to ${who} expired before it was answered.`,
        action: { label: "Send it again", to: contactsPage },
      });
    }
  }
  let pending = 0;
  for (const plan of plans) {
    for (const recipient of plan.recipients) {
      const contact = byId.get(recipient.contactId);
      if (contact?.state !== "confirmed" || contact.keyChanged) continue;
      const needed = plan.items.length + (recipient.letter ? 1 : 0);
      const held = new Set(recipient.wraps.map((w) => `${w.kind}:${w.id}`)).size;
      pending += Math.max(0, needed - held);
    }
  }
  if (pending > 0) {
    out.push({
      id: "pending-wraps",
      text: `${pending} ${pending === 1 ? "item is" : "items are"} still to be sealed for your recipients. This browser does it while you are signed in; open Legacy settings to see it finish.`,
      action: { label: "Open Legacy settings", to: plansPage },
    });
  }
  return out;
}
