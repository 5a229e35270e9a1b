import { RecoverPage } from "#app/features/auth/recover-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Recover your vault",
    "Forgot your password? Your recovery key sets a new one and keeps every document readable.",
  );

export default function Recover() {
  return <RecoverPage />;
}
