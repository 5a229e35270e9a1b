import { apiRoutes, type ProfileUpdate } from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiError, apiRequest } from "../../lib/api.ts";
import { session } from "../session/session.ts";
import { addInfoSchema } from "./add-info-schema.ts";
import { FormError } from "./form-error.tsx";

const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

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
        await apiRequest(apiRoutes.profile, { method: "PATCH", body: update });
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
      <fieldset aria-describedby={dobError ? "dob-hint dob-error" : "dob-hint"}>
        <legend className="text-sm font-medium text-ink">Date of birth</legend>
        <p id="dob-hint" className="mt-1 text-sm text-ink-muted">
          For example, 27 March 1961. You must be 18 or older to use Heirloom.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-[4.5rem_1fr_5.5rem]">
          <div className="max-w-20 sm:max-w-none">
            <label htmlFor="dob-day" className="block text-sm text-ink-muted">
              Day
            </label>
            <input
              id="dob-day"
              inputMode="numeric"
              autoComplete="bday-day"
              maxLength={2}
              aria-invalid={dobError ? true : undefined}
              className="field-input mt-1"
              {...register("dobDay")}
            />
          </div>
          <div className="max-w-56 sm:max-w-none">
            <label htmlFor="dob-month" className="block text-sm text-ink-muted">
              Month
            </label>
            <select
              id="dob-month"
              autoComplete="bday-month"
              aria-invalid={dobError ? true : undefined}
              className="field-input mt-1"
              {...register("dobMonth")}
            >
              <option value="">Choose</option>
              {months.map((m, i) => (
                <option key={m} value={String(i + 1)}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          <div className="max-w-28 sm:max-w-none">
            <label htmlFor="dob-year" className="block text-sm text-ink-muted">
              Year
            </label>
            <input
              id="dob-year"
              inputMode="numeric"
              autoComplete="bday-year"
              maxLength={4}
              aria-invalid={dobError ? true : undefined}
              className="field-input mt-1"
              {...register("dobYear")}
            />
          </div>
        </div>
        {dobError ? (
          <p id="dob-error" className="mt-1.5 text-sm font-medium text-danger">
            {dobError}
          </p>
        ) : null}
      </fieldset>
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
