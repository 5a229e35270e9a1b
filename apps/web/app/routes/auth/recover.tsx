import { AuthShell } from "../../components/public/auth/auth-shell.tsx";
import { pageMeta } from "../../components/public/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Recover your vault",
    "Forgot your password? Your recovery key sets a new one and keeps every document readable.",
  );

export default function Recover() {
  return (
    <AuthShell
      title="Recover your vault"
      lead="Your recovery key sets a new password and keeps every document readable."
    >
      <p>Recovery with your recovery key is on its way.</p>
    </AuthShell>
  );
}
