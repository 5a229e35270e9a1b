import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { LoadingScreen, loadingVariantFor } from "./loading-screen.tsx";

/** A navigation that settles within this time shows no loader, so quick page changes do not flicker. */
export const loaderDelayMs = 150;

/** Covers the page with the destination's loading screen while a navigation is slow to load. */
export function NavigationLoader() {
  const navigation = useNavigation();
  const destination = navigation.state === "loading" ? navigation.location.pathname : null;
  const [shown, setShown] = useState<string | null>(null);

  useEffect(() => {
    if (destination === null) {
      setShown(null);
      return;
    }
    const timer = window.setTimeout(() => setShown(destination), loaderDelayMs);
    return () => window.clearTimeout(timer);
  }, [destination]);

  if (shown === null || destination === null) return null;
  return <LoadingScreen variant={loadingVariantFor(destination)} />;
}
