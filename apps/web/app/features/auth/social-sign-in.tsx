import type { SocialProviderId } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import { apiQuery } from "#app/lib/query.tsx";
import { authRequest } from "./auth-api.ts";

const providerNames: Record<SocialProviderId, string> = {
  google: "Google",
  apple: "Apple",
  microsoft: "Microsoft",
  github: "GitHub",
};

/** Where every provider sends the person back: the login page finishes (unlock, or first vault password). */
export const socialCallbackPath = "/Login?social=1";

/**
 * Sign in with a provider: POST /api/auth/sign-in/social, then follow the provider's address. Only the providers the
 * server has configured are offered (GET /api/account/social-providers); with none, nothing is shown.
 */
async function startSocialSignIn(provider: SocialProviderId): Promise<void> {
  const answer = await authRequest<{ url?: string }>("/sign-in/social", {
    provider,
    callbackURL: socialCallbackPath,
    errorCallbackURL: "/Login",
  });
  if (!answer?.url) throw new Error("No provider address in the answer.");
  window.location.assign(answer.url);
}

/**
 * The identity providers. A provider proves who you are; it cannot open your vault, which still needs your vault
 * password (ARCHITECTURE.md, key hierarchy).
 */
export function SocialSignIn({ verb = "Continue", disabled = false }: { verb?: string; disabled?: boolean }) {
  // No list, no buttons: email and password still work.
  const providers = useQuery({ ...apiQuery("listSocialProviders"), retry: false }).data?.providers ?? [];
  const [starting, setStarting] = useState<SocialProviderId | null>(null);
  const [failed, setFailed] = useState(false);

  if (providers.length === 0) return null;

  const start = async (provider: SocialProviderId) => {
    setFailed(false);
    setStarting(provider);
    try {
      await startSocialSignIn(provider);
    } catch {
      setStarting(null);
      setFailed(true);
    }
  };

  return (
    <div>
      <div className="flex items-center gap-4 text-sm text-ink-muted">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </div>
      <div role="alert">
        {failed ? (
          <Notice tone="danger" className="mt-5">
            We couldn't reach the provider. Please try again, or use your email and password.
          </Notice>
        ) : null}
      </div>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {providers.map((id) => (
          <li key={id}>
            <button
              type="button"
              className="btn-secondary w-full text-[0.9375rem]"
              disabled={disabled || starting !== null}
              aria-busy={starting === id}
              onClick={() => void start(id)}
            >
              {starting === id ? `Opening ${providerNames[id]}...` : `${verb} with ${providerNames[id]}`}
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm leading-relaxed text-ink-muted">
        Signing in with a provider proves who you are. You still unlock your vault with your vault password,
        which neither we nor the provider ever see.
      </p>
    </div>
  );
}
