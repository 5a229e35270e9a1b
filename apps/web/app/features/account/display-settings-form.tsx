import { landingPages, languages, type Preferences, type PreferencesUpdate } from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { FieldFrame } from "#app/components/ui/field-frame.tsx";
import { SaveStatus } from "#app/components/ui/save-status.tsx";
import { FormError } from "#app/features/auth/form-error.tsx";
import { session } from "#app/features/session/index.ts";
import { ApiError } from "#app/lib/api.ts";
import { setApiData, useApiMutation } from "#app/lib/query.tsx";
import { applyTheme } from "#app/lib/theme.ts";
import { type DisplaySettingsValues, displaySettingsSchema } from "./display-settings-schema.ts";
import { deviceTimeZone, timeZoneNames } from "./time-zones.ts";

const themes = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "Match this device" },
] as const;

/** Theme, language, time zone and the page a sign-in lands on; PATCH /api/account/preferences. */
export function DisplaySettingsForm({ preferences }: { preferences: Preferences }) {
  // Each failed attempt mounts the summary afresh, so focus moves to it even when the text is the same as before.
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const attempts = useRef(0);
  const fail = (message: string) => {
    attempts.current += 1;
    setFailure({ message, attempt: attempts.current });
  };
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const zones = useMemo(timeZoneNames, []);
  const device = useMemo(deviceTimeZone, []);
  const defaults: DisplaySettingsValues = {
    DarkMode: preferences.DarkMode,
    timeZone: preferences.timeZone ?? "",
    landingPage: preferences.landingPage,
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DisplaySettingsValues, unknown, PreferencesUpdate>({
    resolver: zodResolver(displaySettingsSchema),
    // The error summary takes focus (it names what to fix); the fields carry their own messages.
    shouldFocusError: false,
    defaultValues: defaults,
  });

  const save = useApiMutation("updatePreferences", {
    onSuccess: (saved) => setApiData("getPreferences", saved),
  });

  const onSubmit = handleSubmit(async (update) => {
    setFailure(null);
    setSavedAt(null);
    try {
      const saved = await save.mutateAsync({ body: update });
      applyTheme(saved.DarkMode);
      reset({ DarkMode: saved.DarkMode, timeZone: saved.timeZone ?? "", landingPage: saved.landingPage });
      setSavedAt(Date.now());
      // The layout compares the profile's DarkMode with the cookie: give it the new one.
      await session.load({ force: true }).catch(() => {});
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        for (const field of ["timeZone", "landingPage", "DarkMode"] as const) {
          const message = error.fields[field];
          if (message) setError(field, { type: "server", message });
        }
      }
      fail(
        error instanceof ApiError && error.code === "network"
          ? "We couldn't reach Heirloom. Check your connection and try again."
          : "Your settings were not saved. Please try again.",
      );
    }
  });

  return (
    <form noValidate className="space-y-7" onSubmit={onSubmit} aria-label="Display settings">
      <FormError
        key={failure?.attempt ?? 0}
        message={failure?.message ?? null}
        title="We couldn't save your settings"
      />
      <fieldset>
        <legend className="text-sm font-medium text-ink">Appearance</legend>
        <p className="mt-1 text-sm text-ink-muted">
          Saved to your account, so every browser you sign in on follows it.
        </p>
        <div className="mt-3 flex flex-wrap gap-3">
          {themes.map((theme) => (
            <label
              key={theme.value}
              className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-line-strong bg-surface px-4 py-2 has-checked:border-accent has-checked:bg-accent-soft"
            >
              <input
                type="radio"
                value={theme.value}
                className="size-4 accent-accent"
                {...register("DarkMode")}
              />
              {theme.label}
            </label>
          ))}
        </div>
      </fieldset>
      {/* A menu with one choice is noise: it appears once there is a second language. */}
      {Object.keys(languages).length > 1 ? (
        <FieldFrame id="settings-language" label="Language" className="max-w-md">
          {(aria) => (
            <select {...aria} className="field-input mt-1.5" value="en" disabled>
              {Object.entries(languages).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      ) : null}
      <FieldFrame
        id="settings-time-zone"
        label="Time zone"
        hint="Dates such as your last sign-in and your next check-in are shown in this zone. Automatic follows the device you are using."
        error={errors.timeZone?.message}
        className="max-w-md"
      >
        {(aria) => (
          <select {...aria} className="field-input mt-1.5" {...register("timeZone")}>
            <option value="">Automatic ({device})</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame
        id="settings-landing-page"
        label="After signing in, open"
        hint="Used when you sign in from the login page; a link that asked you to sign in still takes you back to it."
        error={errors.landingPage?.message}
        className="max-w-md"
      >
        {(aria) => (
          <select {...aria} className="field-input mt-1.5" {...register("landingPage")}>
            {Object.entries(landingPages).map(([path, label]) => (
              <option key={path} value={path}>
                {label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary sm:px-8" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save settings"}
        </button>
        <SaveStatus savedAt={isDirty ? null : savedAt} message="Your settings are saved." />
      </div>
    </form>
  );
}
