import { emailSchema } from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { TextField } from "#app/components/ui/text-field.tsx";
import { rememberEmail, rememberedEmail } from "./last-email.ts";
import { useHydrated } from "./use-hydrated.ts";

export const passwordSignInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password."),
});
export type PasswordSignInValues = z.infer<typeof passwordSignInSchema>;

/** Email and password. The password stays in this page: sign-in.ts sends only the auth key derived from it. */
export function PasswordSignInForm({
  busy,
  defaultEmail = "",
  onSubmit,
}: {
  busy: boolean;
  defaultEmail?: string;
  onSubmit: (values: PasswordSignInValues) => Promise<void>;
}) {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<PasswordSignInValues>({
    resolver: zodResolver(passwordSignInSchema),
    defaultValues: { email: defaultEmail, password: "" },
    mode: "onSubmit",
  });
  // After a sign-out or a timeout the form offers the email again (read once mounted: the server cannot know it).
  useEffect(() => {
    if (!getValues("email")) {
      const email = rememberedEmail(window.localStorage);
      if (email) setValue("email", email);
    }
  }, [getValues, setValue]);
  const submit = async (values: PasswordSignInValues) => {
    rememberEmail(window.localStorage, values.email);
    await onSubmit(values);
  };
  return (
    <form method="post" noValidate className="space-y-5" onSubmit={handleSubmit(submit)} aria-busy={busy}>
      <TextField
        id="login-email"
        label="Email address"
        type="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        required
        readOnly={busy}
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        readOnly={busy}
        error={errors.password?.message}
        labelAside={
          <Link to="/recover" className="text-sm font-medium text-accent hover:underline">
            Forgot password?
          </Link>
        }
        {...register("password")}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy || !hydrated}>
        {busy ? "Signing in..." : "Sign in"}
      </button>
    </form>
  );
}
