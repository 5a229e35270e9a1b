import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "#app/components/ui/text-field.tsx";

/**
 * The current password, and the authenticator code when two-factor is on: what a sensitive change asks for before
 * it starts (features/auth/reauth.ts turns them into the proof the server checks). Register both with
 * react-hook-form and pass their errors; `passwordHint` says, under the password, what happens to it.
 */
export function ReauthFields({
  idPrefix,
  twoFactorEnabled,
  password,
  totpCode,
  errors,
  passwordHint,
}: {
  idPrefix: string;
  twoFactorEnabled: boolean;
  password: UseFormRegisterReturn;
  totpCode: UseFormRegisterReturn;
  errors: { password?: string | undefined; totpCode?: string | undefined };
  passwordHint?: string;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        spellCheck={false}
        autoCapitalize="off"
        hint={passwordHint}
        error={errors.password}
        {...password}
      />
      {twoFactorEnabled ? (
        <TextField
          id={`${idPrefix}-code`}
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          className="max-w-xs"
          hint="Six digits. A fresh code is needed: one you already used will not work again."
          error={errors.totpCode}
          {...totpCode}
        />
      ) : null}
    </>
  );
}
