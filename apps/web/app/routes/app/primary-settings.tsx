import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { DisplaySettingsPanel } from "#app/features/account/display-settings-panel.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";
import { useShellContext } from "#app/features/shell/shell-context.ts";

export const meta = () => sectionMeta("primarySettings");

/** SPEC.md section 3: 'premium' counts as premium; every other tier (default 'a') is the free plan. */
const planName = (tier: string) => (tier === "premium" ? "Premium" : "Free");

export default function PrimarySettings() {
  const { user } = useShellContext();
  const rows = [
    ["Email", user.email],
    ["Plan", planName(user.accountTier)],
    ["Account type", user.accountType.charAt(0).toUpperCase() + user.accountType.slice(1)],
    ["Email verified", user.emailVerified ? "Yes" : "Not yet"],
    ["Account status", user.accountActive ? "Active" : "Not active"],
  ] as const;
  return (
    <SectionPage {...sections.primarySettings}>
      <SettingsPanel id="account-title" title="Your account">
        <dl className="divide-y divide-line">
          {rows.map(([term, value]) => (
            <div key={term} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
              <dt className="text-sm font-medium text-ink-muted">{term}</dt>
              <dd className="min-w-0 break-words text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </SettingsPanel>
      <DisplaySettingsPanel />
    </SectionPage>
  );
}
