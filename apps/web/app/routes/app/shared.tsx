import { SharedPage } from "#app/features/legacy-shared/shared-page.tsx";
import { sectionMeta } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("shared");

export default SharedPage;
