import { AuthShell } from "../../components/public/auth/auth-shell.tsx";
import { pageMeta } from "../../components/public/page-meta.ts";

export const meta = () => pageMeta("Local mailbox", "Emails the local server would have sent.");

export default function DevMailbox() {
  return (
    <AuthShell title="Local mailbox" lead="Emails this local server would have sent.">
      <p>The local mailbox is on its way.</p>
    </AuthShell>
  );
}
