import { AccountHolderPage } from "#app/features/legacy-contacts/account-holder-page.tsx";
import { sectionMeta } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("accountHolder");

export default AccountHolderPage;
