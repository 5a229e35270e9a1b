import { OpenSectionPage } from "#app/features/shell/open-section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("activity");

/** /account/Activity: public (SPEC.md section 6); the activity itself is in the vault at /app/Activity. */
export default function OpenActivity() {
  return (
    <OpenSectionPage
      title={sections.activity.title}
      description={sections.activity.description}
      signInPrompt="Sign in to see the sign-ins and changes to your vault."
      vaultLink={{ label: "See your activity", to: "/app/Activity" }}
    />
  );
}
