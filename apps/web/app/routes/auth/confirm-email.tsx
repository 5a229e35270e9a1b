import { ConfirmEmailPage } from "#app/features/auth/confirm-email-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Confirm your email address",
    "Confirm the email address on your Heirloom account, so check-in reminders and release notices reach you.",
  );

export default function ConfirmEmail() {
  return <ConfirmEmailPage />;
}
