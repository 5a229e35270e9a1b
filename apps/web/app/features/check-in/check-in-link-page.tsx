import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import { AuthShell } from "#app/features/auth/auth-shell.tsx";
import { ApiError, callApi } from "#app/lib/api.ts";
import { type CheckInLink, readCheckInLink } from "./check-in-link.ts";

// [Note: The check-in token never sits in a URL the browser sends] is in check-in-link.ts.

type Outcome =
  | { status: "idle" | "busy" }
  | { status: "done"; purpose: "checkIn" | "refuse" }
  | { status: "failed"; message: string };

/** /check-in#token=... (I'm still here) or #refuse=... (refuse a request): one press, no sign-in. */
export function CheckInLinkPage() {
  const [link, setLink] = useState<CheckInLink | null | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome>({ status: "idle" });
  useEffect(() => {
    const take = () => {
      if (!window.location.hash) return;
      setLink(readCheckInLink(window.location.hash));
      setOutcome({ status: "idle" });
      window.history.replaceState(null, "", window.location.pathname);
    };
    if (window.location.hash) take();
    else setLink(null);
    // Another link opened in this same page changes only the fragment: no new page load.
    window.addEventListener("hashchange", take);
    return () => window.removeEventListener("hashchange", take);
  }, []);

  const act = async (current: CheckInLink) => {
    setOutcome({ status: "busy" });
    try {
      const { done } = await callApi("useCheckInLink", { body: { token: current.token } });
      setOutcome({ status: "done", purpose: done });
    } catch (error) {
      setOutcome({
        status: "failed",
        message:
          error instanceof ApiError ? error.message : "Heirloom could not be reached. Try again in a moment.",
      });
    }
  };

  const refuse = link?.purpose === "refuse";
  return (
    <AuthShell
      id="check-in"
      eyebrow="Legacy"
      title={refuse ? "Refuse a request for access" : "I'm still here"}
      lead={
        refuse
          ? "A recipient asked for one of your legacy plans to be released. Refuse if you are able to act for yourself."
          : "Checking in tells Heirloom you are well: every plan waiting for a missed check-in starts its interval again."
      }
    >
      {link === undefined ? (
        <p className="text-ink-muted">Opening your link…</p>
      ) : link === null ? (
        <Notice tone="warning" title="There is no link here">
          Open the link in your email again, or{" "}
          <Link to="/Login" className="link">
            sign in
          </Link>
          : signing in checks you in too.
        </Notice>
      ) : outcome.status === "done" ? (
        <div role="status">
          <Notice tone="success" title={outcome.purpose === "refuse" ? "Refused" : "You are checked in"}>
            {outcome.purpose === "refuse"
              ? "The request is refused and nothing is released. The recipient is told."
              : "Thank you. Your next check-in is a full interval from now."}
          </Notice>
        </div>
      ) : (
        <div className="space-y-4">
          {outcome.status === "failed" ? (
            <div role="alert">
              <Notice tone="warning" title="That did not work">
                {outcome.message}
              </Notice>
            </div>
          ) : null}
          <button
            type="button"
            className="btn-primary"
            disabled={outcome.status === "busy"}
            onClick={() => void act(link)}
          >
            {outcome.status === "busy"
              ? "One moment…"
              : refuse
                ? "Refuse the request"
                : "Yes, I'm still here"}
          </button>
          <p className="text-sm text-ink-muted">The link works once. You do not need to sign in.</p>
        </div>
      )}
    </AuthShell>
  );
}
