import type { UseFormRegister } from "react-hook-form";

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

interface DobValues {
  dobDay: string;
  dobMonth: string;
  dobYear: string;
}

/**
 * Day, month and year of birth as one fieldset with one message (a date is wrong as a whole), used by /AddInfo and
 * /account/MyInfo. The message comes from the contract's dateOfBirthSchema on both sides.
 */
export function DateOfBirthFields<T extends DobValues>({
  register,
  error,
  idPrefix = "dob",
}: {
  // react-hook-form's register of any form that has these three fields.
  register: UseFormRegister<T>;
  error: string | undefined;
  idPrefix?: string;
}) {
  const reg = register as unknown as UseFormRegister<DobValues>;
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-sm font-medium text-ink">Date of birth</legend>
      <p id={hintId} className="mt-1 text-sm text-ink-muted">
        For example, 27 March 1961. You must be 18 or older to use Heirloom.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[4.5rem_1fr_5.5rem]">
        <div className="max-w-20 sm:max-w-none">
          <label htmlFor={`${idPrefix}-day`} className="block text-sm text-ink-muted">
            Day
          </label>
          <input
            id={`${idPrefix}-day`}
            inputMode="numeric"
            autoComplete="bday-day"
            maxLength={2}
            aria-invalid={error ? true : undefined}
            className="field-input mt-1"
            {...reg("dobDay")}
          />
        </div>
        <div className="max-w-56 sm:max-w-none">
          <label htmlFor={`${idPrefix}-month`} className="block text-sm text-ink-muted">
            Month
          </label>
          <select
            id={`${idPrefix}-month`}
            autoComplete="bday-month"
            aria-invalid={error ? true : undefined}
            className="field-input mt-1"
            {...reg("dobMonth")}
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
          <label htmlFor={`${idPrefix}-year`} className="block text-sm text-ink-muted">
            Year
          </label>
          <input
            id={`${idPrefix}-year`}
            inputMode="numeric"
            autoComplete="bday-year"
            maxLength={4}
            aria-invalid={error ? true : undefined}
            className="field-input mt-1"
            {...reg("dobYear")}
          />
        </div>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
