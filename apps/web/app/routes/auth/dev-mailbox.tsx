import { DevMailboxPage } from "#app/features/auth/dev-mailbox-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () => pageMeta("Local mailbox", "Emails this local server would have sent.");

export default DevMailboxPage;
