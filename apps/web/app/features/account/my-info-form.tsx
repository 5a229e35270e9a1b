import type { Profile, ProfileUpdate } from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { SaveStatus } from "#app/components/ui/save-status.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { FormError } from "#app/features/auth/form-error.tsx";
import { session } from "#app/features/session/index.ts";
import { ApiError } from "#app/lib/api.ts";
import { setApiData, useApiMutation } from "#app/lib/query.tsx";
import { DateOfBirthFields } from "./date-of-birth-fields.tsx";
import { type MyInfoValues, myInfoDefaults, myInfoSchema } from "./my-info-schema.ts";

/** Name, date of birth and postcode, saved together with PATCH /api/account/profile. */
export function MyInfoForm({ profile }: { profile: Profile }) {
  // Each failed attempt mounts the summary afresh, so focus moves to it even when the text is the same as before.
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);
  const attempts = useRef(0);
  const fail = (message: string) => {
    attempts.current += 1;
    setFailure({ message, attempt: attempts.current });
  };
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<MyInfoValues, unknown, ProfileUpdate>({
    resolver: zodResolver(myInfoSchema),
    // The error summary takes focus (it names what to fix); the fields carry their own messages.
    shouldFocusError: false,
    defaultValues: myInfoDefaults(profile),
  });

  const save = useApiMutation("updateProfile", {
    onSuccess: (saved) => setApiData("getProfile", saved),
  });

  const onSubmit = handleSubmit(
    async (update) => {
      setFailure(null);
      setSavedAt(null);
      try {
        const saved = await save.mutateAsync({ body: update });
        reset(myInfoDefaults(saved));
        setSavedAt(Date.now());
        // The header shows the name: ask the session again so it follows.
        await session.load({ force: true }).catch(() => {});
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          const dob = Object.entries(error.fields).find(([key]) => key.startsWith("dateOfBirth"))?.[1];
          if (dob) setError("dobYear", { type: "server", message: dob });
          if (error.fields.zipCode) setError("zipCode", { type: "server", message: error.fields.zipCode });
          if (error.fields.name) setError("name", { type: "server", message: error.fields.name });
        }
        fail(
          error instanceof ApiError && error.code === "network"
            ? "We couldn't reach Heirloom. Check your connection and try again."
            : "Your details were not saved. Please check the highlighted fields and try again.",
        );
      }
    },
    () => {
      setSavedAt(null);
      fail("Your details were not saved. Please check the highlighted fields.");
    },
  );

  const dobError = errors.dobYear?.message ?? errors.dobDay?.message ?? errors.dobMonth?.message;
  return (
    <form noValidate className="space-y-6" onSubmit={onSubmit} aria-label="Your details">
      <FormError
        key={failure?.attempt ?? 0}
        message={failure?.message ?? null}
        title="We couldn't save your details"
      />
      <TextField
        id="my-info-name"
        label="Name"
        autoComplete="name"
        className="max-w-md"
        error={errors.name?.message}
        {...register("name")}
      />
      <DateOfBirthFields register={register} error={dobError} idPrefix="my-info-dob" />
      <TextField
        id="my-info-zip"
        label="ZIP or postcode"
        autoComplete="postal-code"
        className="max-w-56"
        hint="Leave empty to remove it."
        error={errors.zipCode?.message}
        {...register("zipCode")}
      />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary sm:px-8" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save changes"}
        </button>
        <SaveStatus savedAt={isDirty ? null : savedAt} message="Your details are saved." />
      </div>
    </form>
  );
}
