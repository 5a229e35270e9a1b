import { AddInfoForm } from "./add-info-form.tsx";
import { AuthShell } from "./auth-shell.tsx";

/** /AddInfo: the optional profile details asked for after sign-up. */
export function AddInfoPage() {
  return (
    <AuthShell
      title="A few more details"
      lead="These complete your profile. Only you and our support team can see them, and you can change them later in My Info."
    >
      <AddInfoForm />
    </AuthShell>
  );
}
