import { useSearchParams } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";

/**
 * Explains why someone landed on /login after being signed out (SPEC.md section 2, "Redirects on logout"):
 * ?logout=true&timeout=true after the idle timeout, ?logout=true&missingVaultKey=true when the tab lost its key,
 * ?logout=true&sessionEnded=true when the server no longer knew the session.
 */
export function SignedOutNotice() {
  const [params] = useSearchParams();
  if (params.get("logout") !== "true") return null;
  if (params.get("timeout") === "true") {
    return (
      <Notice tone="warning" title="You were signed out" className="mb-6">
        After 20 minutes without activity we sign you out and clear your keys from this browser, to protect
        your vault. Sign in again to carry on.
      </Notice>
    );
  }
  if (params.get("missingVaultKey") === "true") {
    return (
      <Notice tone="warning" title="You were signed out" className="mb-6">
        This tab no longer had the key that unlocks your vault, so we signed it out. Sign in again to unlock
        your vault.
      </Notice>
    );
  }
  if (params.get("sessionEnded") === "true") {
    return (
      <Notice tone="warning" title="Your session ended" className="mb-6">
        Sessions last at most 12 hours, and end early when you sign out everywhere or change your password on
        another device. We cleared your keys from this browser. Sign in again to carry on.
      </Notice>
    );
  }
  return (
    <Notice tone="success" className="mb-6">
      You have signed out, and your keys have been cleared from this browser.
    </Notice>
  );
}
