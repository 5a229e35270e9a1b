import type { ProfileUpdate } from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { TextField } from "#app/components/ui/text-field.tsx";
import { DateOfBirthFields } from "#app/features/account/date-of-birth-fields.tsx";
import { session } from "#app/features/session/session.ts";
import { ApiError, callApi } from "#app/lib/api.ts";
import { addInfoSchema } from "./add-info-schema.ts";
import { FormError } from "./form-error.tsx";

type AddInfoValues = z.input<typeof addInfoSchema>;

/** Date of birth and postcode, saved with PATCH /api/account/profile; then (or on "Skip for now") the app. */
export function AddInfoForm() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddInfoValues, unknown, ProfileUpdate | null>({
    resolver: zodResolver(addInfoSchema),
    defaultValues: { dobDay: "", dobMonth: "", dobYear: "", zipCode: "" },
  });

  const onSubmit = handleSubmit(async (update) => {
    setFailure(null);
    try {
      if (update) {
        await callApi("updateProfile", { body: update });
        await session.load({ force: true }).catch(() => {});
      }
      await navigate("/app");
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const dob = Object.entries(error.fields).find(([key]) => key.startsWith("dateOfBirth"))?.[1];
        if (dob) setError("dobYear", { type: "server", message: dob });
        if (error.fields.zipCode) setError("zipCode", { type: "server", message: error.fields.zipCode });
      }
      setFailure(
        error instanceof ApiError && error.code === "network"
          ? "We couldn't reach Heirloom. Check your connection and try again."
          : "Your details were not saved. Please check them and try again.",
      );
    }
  });

  const dobError = errors.dobYear?.message ?? errors.dobDay?.message ?? errors.dobMonth?.message;
  return (
    <form noValidate className="space-y-6" onSubmit={onSubmit}>
      <FormError message={failure} title="We couldn't save your details" />
      <DateOfBirthFields register={register} error={dobError} />
      <TextField
        id="zip-code"
        label="ZIP or postcode"
        autoComplete="postal-code"
        className="max-w-56"
        error={errors.zipCode?.message}
        {...register("zipCode")}
      />
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:items-center sm:justify-between">
        <button type="submit" className="btn-primary w-full sm:w-auto sm:px-8" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save and continue"}
        </button>
        <button
          type="button"
          className="link self-center"
          disabled={isSubmitting}
          onClick={() => void navigate("/app")}
        >
          Skip for now
        </button>
      </div>
    </form>
  );
}
