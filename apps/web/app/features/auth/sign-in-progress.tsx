import { Spinner } from "#app/components/ui/spinner.tsx";
import type { SignInStage } from "./sign-in.ts";

const stageText: Record<SignInStage, { title: string; detail?: string }> = {
  unlocking: {
    title: "Unlocking your vault...",
    detail:
      "Your password is being turned into your vault key here in your browser. This takes a few seconds.",
  },
  "signing-in": { title: "Signing you in..." },
  verifying: { title: "Checking your code..." },
  opening: { title: "Opening your keys..." },
};

/** What is happening while the slow steps run (Argon2id takes seconds on a phone); a polite live region. */
export function SignInProgress({ stage }: { stage: SignInStage | null }) {
  const text = stage ? stageText[stage] : null;
  return (
    <div role="status" aria-live="polite" className={text ? "mb-6" : ""}>
      {text ? (
        <div className="flex items-start gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4">
          <Spinner className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0 text-[0.9375rem] leading-relaxed">
            <p className="font-semibold">{text.title}</p>
            {text.detail ? <p className="mt-1 text-ink-muted">{text.detail}</p> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
