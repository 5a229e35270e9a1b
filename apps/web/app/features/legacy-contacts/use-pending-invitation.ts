import { useEffect, useState } from "react";
import { readPendingInvitation } from "./invitation-token.ts";

/**
 * Whether this tab keeps an invitation waiting for an answer (so sign-up and verification lead back to it). False on
 * the server and in the first render, so the server's HTML and the browser's first render agree.
 */
export function usePendingInvitation(): boolean {
  const [pending, setPending] = useState(false);
  useEffect(() => setPending(readPendingInvitation() !== null), []);
  return pending;
}
