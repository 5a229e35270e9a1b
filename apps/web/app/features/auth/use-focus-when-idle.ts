import { useEffect, useState } from "react";

/**
 * Focus for a field whose error the server gave, once the form is enabled again: a disabled control cannot take focus,
 * and the form is still disabled at the moment the answer arrives. Returns the function that asks for it.
 */
export function useFocusWhenIdle<F extends string>(busy: boolean, setFocus: (name: F) => void) {
  const [pending, setPending] = useState<F | null>(null);
  useEffect(() => {
    if (busy || !pending) return;
    setFocus(pending);
    setPending(null);
  }, [busy, pending, setFocus]);
  return setPending;
}
