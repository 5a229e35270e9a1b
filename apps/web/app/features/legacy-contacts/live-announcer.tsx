import { useCallback, useRef, useState } from "react";

/**
 * A polite live region for what an action did ("Invitation sent to ..."), so a screen reader hears it wherever focus
 * is. The text is cleared first, so the same sentence twice is announced twice.
 */
export function useAnnouncer() {
  const [message, setMessage] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const announce = useCallback((text: string) => {
    setMessage("");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(text), 100);
  }, []);
  return { message, announce };
}

export function LiveAnnouncement({ message }: { message: string }) {
  return (
    <p role="status" aria-live="polite" className="sr-only" data-testid="legacy-announcement">
      {message}
    </p>
  );
}
