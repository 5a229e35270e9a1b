import { AuthPendingNote } from "../../components/public/auth/auth-pending-note.tsx";
import { AuthShell } from "../../components/public/auth/auth-shell.tsx";
import { pageMeta } from "../../components/public/page-meta.ts";
import { TextField } from "../../components/ui/text-field.tsx";
import { requireSignedInPage, SignedInPageFallback } from "../../features/session/require-signed-in-page.tsx";

export const meta = () =>
  pageMeta(
    "Add your details",
    "Complete your Heirloom profile with your date of birth and postcode. You can change them later.",
  );

// SPEC.md section 6: signed-in users only; a visitor goes to /login.
export const clientLoader = () => requireSignedInPage();
clientLoader.hydrate = true as const;
export const HydrateFallback = SignedInPageFallback;

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

export default function AddInfo() {
  return (
    <AuthShell
      title="A few more details"
      lead="These complete your profile. Only you and our support team can see them, and you can change them later in My Info."
    >
      <AuthPendingNote />
      <form method="post" noValidate className="space-y-6">
        <fieldset>
          <legend className="text-sm font-medium text-ink">Date of birth</legend>
          <p id="dob-hint" className="mt-1 text-sm text-ink-muted">
            For example, 27 March 1961.
          </p>
          <div className="mt-3 grid grid-cols-[5rem_1fr_6rem] gap-3">
            <div>
              <label htmlFor="dob-day" className="block text-sm text-ink-muted">
                Day
              </label>
              <input
                id="dob-day"
                name="dobDay"
                inputMode="numeric"
                autoComplete="bday-day"
                maxLength={2}
                aria-describedby="dob-hint"
                className="field-input mt-1"
              />
            </div>
            <div>
              <label htmlFor="dob-month" className="block text-sm text-ink-muted">
                Month
              </label>
              <select
                id="dob-month"
                name="dobMonth"
                autoComplete="bday-month"
                aria-describedby="dob-hint"
                className="field-input mt-1"
                defaultValue=""
              >
                <option value="" disabled>
                  Choose
                </option>
                {months.map((m, i) => (
                  <option key={m} value={String(i + 1)}>
                    {m}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="dob-year" className="block text-sm text-ink-muted">
                Year
              </label>
              <input
                id="dob-year"
                name="dobYear"
                inputMode="numeric"
                autoComplete="bday-year"
                maxLength={4}
                aria-describedby="dob-hint"
                className="field-input mt-1"
              />
            </div>
          </div>
        </fieldset>
        <TextField
          id="zip-code"
          name="zipCode"
          label="ZIP or postcode"
          autoComplete="postal-code"
          className="max-w-56"
        />
        <button type="submit" className="btn-primary w-full" disabled>
          Save and continue
        </button>
      </form>
    </AuthShell>
  );
}
