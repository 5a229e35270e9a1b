import { LegacyInvitationsPage } from "#app/features/legacy-contacts/legacy-invitations-page.tsx";
import { sectionMeta } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("legacyInvitations");

export default LegacyInvitationsPage;
