import { OpenSectionPage } from "#app/features/shell/open-section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("upgrade");

/** /app/Upgrade and /account/Upgrade: public (SPEC.md section 6). Plans and payment arrive with the billing issue. */
export default function Upgrade() {
  return (
    <OpenSectionPage
      title={sections.upgrade.title}
      description={sections.upgrade.description}
      signInPrompt="Sign in to upgrade your vault to Premium."
      vaultLink={{ label: "Compare plans", to: "/#get-started" }}
    />
  );
}
