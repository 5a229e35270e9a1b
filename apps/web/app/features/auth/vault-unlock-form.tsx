import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { TextField } from "#app/components/ui/text-field.tsx";

const unlockSchema = z.object({ password: z.string().min(1, "Enter your vault password.") });

/**
 * After a social sign-in: the provider proved who the person is, but only the vault password opens the vault
 * (ARCHITECTURE.md, key hierarchy). The email is in the form, read-only, so password managers find the right entry.
 */
export function VaultUnlockForm({
  email,
  busy,
  onSubmit,
  onSignOut,
}: {
  email: string;
  busy: boolean;
  onSubmit: (password: string) => Promise<void>;
  onSignOut: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ password: string }>({ resolver: zodResolver(unlockSchema), defaultValues: { password: "" } });
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div>
      <h2 ref={headingRef} tabIndex={-1} className="font-display text-xl font-semibold outline-none">
        Unlock your vault
      </h2>
      <p className="mt-2 leading-relaxed text-ink-muted">
        You are signed in with your provider. Enter your vault password to open your vault in this browser.
        Neither we nor the provider ever see it.
      </p>
      <form
        method="post"
        noValidate
        className="mt-6 space-y-5"
        aria-busy={busy}
        onSubmit={handleSubmit(({ password }) => onSubmit(password))}
      >
        <TextField
          id="unlock-email"
          name="email"
          label="Signed in as"
          type="email"
          autoComplete="username"
          value={email}
          readOnly
        />
        <TextField
          id="unlock-password"
          label="Vault password"
          type="password"
          autoComplete="current-password"
          readOnly={busy}
          error={errors.password?.message}
          {...register("password")}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Unlocking..." : "Unlock vault"}
        </button>
      </form>
      <p className="mt-6 text-[0.9375rem] text-ink-muted">
        Not you?{" "}
        <button type="button" className="link" disabled={busy} onClick={onSignOut}>
          Sign out
        </button>
      </p>
    </div>
  );
}
