import type { RecipientNeeds } from "./recipient-needs.ts";
import type { ContactWrapState } from "./wrappability.ts";

// What the plans page warns about for one recipient: the gaps between what the plan says and what they could open.

export interface RecipientWarning {
  readonly kind:
    | "not-accepted"
    | "not-confirmed"
    | "key-changed"
    | "unverified"
    | "ended"
    | "pending"
    | "stale";
  readonly text: string;
  /** The fix is on the legacy contacts page. */
  readonly toContacts: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * `state` is null while this browser is still checking the contact's key; `needs` is null unless they are
 * wrappable.
 */
export function recipientWarnings(
  state: ContactWrapState | null,
  needs: RecipientNeeds | null,
): RecipientWarning[] {
  if (!state) return [];
  if (!state.wrappable) {
    switch (state.reason) {
      case "not-accepted":
        return [
          {
            kind: "not-accepted",
            text: "Has not accepted your invitation yet: nothing is shared with them until they accept and you compare their six words.",
            toContacts: true,
          },
        ];
      case "not-confirmed":
        return [
          {
            kind: "not-confirmed",
            text: "Not confirmed yet: nothing is shared with them until you compare their six words.",
            toContacts: true,
          },
        ];
      case "key-changed":
        return [
          {
            kind: "key-changed",
            text: "Their key changed: confirm again. Nothing more is prepared for them until you do.",
            toContacts: true,
          },
        ];
      case "unverified":
        return [
          {
            kind: "unverified",
            text: "Their key changed or could not be verified: confirm again. Nothing is prepared for them until you do.",
            toContacts: true,
          },
        ];
      case "ended":
        return [
          {
            kind: "ended",
            text: "No longer your legacy contact: nothing is shared with them. Remove them from this plan.",
            toContacts: false,
          },
        ];
    }
  }
  const warnings: RecipientWarning[] = [];
  if (needs && needs.pending.length > 0) {
    warnings.push({
      kind: "pending",
      text: `${plural(needs.pending.length, "item", "items")} waiting to be prepared for them.`,
      toContacts: false,
    });
  }
  if (needs?.stale && needs.needed.length > 0) {
    warnings.push({
      kind: "stale",
      text: "The plan changed: their signed list will be updated.",
      toContacts: false,
    });
  }
  return warnings;
}
