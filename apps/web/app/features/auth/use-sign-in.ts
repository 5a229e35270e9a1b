import type { SessionUser } from "@heirloom/contract";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { hasReturnPath, pathAfterSignIn } from "#app/features/account/landing-page.ts";
import { pendingInvitationReturn } from "#app/features/legacy-contacts/invitation-token.ts";
import { signOut } from "#app/features/session/session.ts";
import {
  finishSecondFactor,
  finishSocialSecondFactor,
  type PendingSignIn,
  type SecondFactor,
  SignInError,
  type SignInResult,
  type SignInStage,
  type SignInSteps,
  signInWithPassword,
  unlockAfterSocialSignIn,
} from "./sign-in.ts";

/** Where the login page is: which form it shows. */
export type LoginStep =
  | { name: "password" }
  /** `pending` holds the derived keys of a password sign-in; null for a provider's sign-in (no password yet). */
  | { name: "second-factor"; pending: PendingSignIn | null; method: SecondFactor["method"] }
  | { name: "vault-locked" }
  /** Back from a provider (?social=1): asking the server who signed in. */
  | { name: "social-checking" }
  | { name: "social-unlock"; user: SessionUser }
  /** Signed in: on the way to the app. */
  | { name: "leaving" };

export const socialFailedMessage =
  "Signing in with your provider did not complete. Please try again, or sign in with your email and password.";

// The crypto worker, session and API schemas load on the first sign-in attempt, not with the page.
const loadSteps = (): Promise<SignInSteps> => import("./sign-in-steps.ts").then((m) => m.browserSignInSteps);

/** The login page's state machine over sign-in.ts: one step at a time, with progress and one error message. */
export function useSignIn({
  social,
  twoFactor,
  from,
}: {
  social: boolean;
  /** Back from a provider for an account with two-factor sign-in: the code comes first. */
  twoFactor: boolean;
  from: string | null;
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>(
    social && twoFactor
      ? { name: "second-factor", pending: null, method: "totp" }
      : social
        ? { name: "social-checking" }
        : { name: "password" },
  );
  const [stage, setStage] = useState<SignInStage | null>(null);
  const [error, setError] = useState<string | null>(null);

  const follow = useCallback(
    (result: SignInResult, pending?: PendingSignIn) => {
      switch (result.kind) {
        case "signed-in":
          setStep({ name: "leaving" });
          // An invitation this tab keeps (opened before signing in) is where the person was going.
          void pathAfterSignIn(hasReturnPath(from) ? from : (pendingInvitationReturn() ?? from)).then(
            (path) => navigate(path, { replace: true }),
          );
          return;
        case "second-factor":
          setStep({ name: "second-factor", pending: pending ?? result.pending, method: "totp" });
          return;
        case "vault-locked":
          setStep({ name: "vault-locked" });
          return;
        case "needs-vault":
          setStep({ name: "leaving" });
          void navigate("/SignUp?social=1", { replace: true });
          return;
        case "needs-vault-password":
          setStep({ name: "social-unlock", user: result.user });
          return;
      }
    },
    [navigate, from],
  );

  /** Runs one sign-in action with progress and error handling; the error lands in the summary. */
  const run = useCallback(
    async (action: (steps: SignInSteps) => Promise<SignInResult>) => {
      setError(null);
      try {
        const result = await action(await loadSteps());
        follow(result);
      } catch (caught) {
        const failure =
          caught instanceof SignInError
            ? caught
            : new SignInError("We couldn't reach Heirloom. Check your connection and try again.");
        if (failure.restart) setStep({ name: "password" });
        setError(failure.message);
      } finally {
        setStage(null);
      }
    },
    [follow],
  );

  // Back from a provider: who signed in, and does the account have a vault yet?
  useEffect(() => {
    if (!social || twoFactor) return;
    let cancelled = false;
    (async () => {
      try {
        const steps = await loadSteps();
        const user = await steps.fetchUser();
        if (cancelled) return;
        if (!user) {
          setStep({ name: "password" });
          setError(socialFailedMessage);
        } else if (!user.hasVault || user.vaultLocked) {
          follow(await unlockAfterSocialSignIn(steps, { user, password: "" }));
        } else {
          setStep({ name: "social-unlock", user });
        }
      } catch {
        if (cancelled) return;
        setStep({ name: "password" });
        setError("We couldn't reach Heirloom. Check your connection and try again.");
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [social, twoFactor, follow]);

  return {
    step,
    stage,
    error,
    busy: stage !== null || step.name === "leaving",
    signIn: (values: { email: string; password: string }) =>
      run((steps) => signInWithPassword(steps, values, setStage)),
    verify: (factor: SecondFactor) => {
      if (step.name !== "second-factor") return Promise.resolve();
      const { pending } = step;
      return run((steps) =>
        pending
          ? finishSecondFactor(steps, pending, factor, setStage)
          : finishSocialSecondFactor(steps, factor, setStage),
      );
    },
    setMethod: (method: SecondFactor["method"]) => {
      setError(null);
      if (step.name === "second-factor") setStep({ ...step, method });
    },
    startOver: () => {
      setError(null);
      setStep({ name: "password" });
    },
    unlock: (password: string) =>
      step.name === "social-unlock"
        ? run((steps) => unlockAfterSocialSignIn(steps, { user: step.user, password }, setStage))
        : Promise.resolve(),
    signOut: () => void signOut({ kind: "user" }),
  };
}
