import { useQuery } from "@tanstack/react-query";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { Avatar } from "#app/features/account/avatar.tsx";
import { ChangeEmailPanel } from "#app/features/account/change-email-panel.tsx";
import { MyInfoForm } from "#app/features/account/my-info-form.tsx";
import { usernameOf } from "#app/features/account/username.ts";
import { displayNameOf } from "#app/features/session/index.ts";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";
import { useShellContext } from "#app/features/shell/shell-context.ts";
import { apiQuery } from "#app/lib/query.tsx";

export const meta = () => sectionMeta("myInfo");

export default function MyInfo() {
  const { user } = useShellContext();
  const profile = useQuery(apiQuery("getProfile"));
  const name = profile.data?.name ?? user.name;
  const rows = [
    ["Email", user.email],
    ["Username", usernameOf(user.email)],
  ] as const;
  return (
    <SectionPage title={sections.myInfo.title} description={sections.myInfo.description}>
      <SettingsPanel id="identity-title" title="Your account">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <Avatar uid={user.uid} displayName={displayNameOf({ name, email: user.email })} />
          <dl className="min-w-0 flex-1 divide-y divide-line">
            {rows.map(([term, value]) => (
              <div key={term} className="grid gap-1 py-2.5 sm:grid-cols-[8rem_1fr]">
                <dt className="text-sm font-medium text-ink-muted">{term}</dt>
                <dd className="min-w-0 break-words text-ink" data-testid={`my-info-${term.toLowerCase()}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <p className="mt-4 text-sm leading-relaxed text-ink-muted">
          Your username is the part of your email address before the @ and changes with it. Your picture is
          your initials: we do not store photos of you.
        </p>
      </SettingsPanel>
      <SettingsPanel
        id="details-title"
        title="Your details"
        description="Only you and our support team can see these. Your name is how Heirloom and your legacy contacts address you."
      >
        <QueryView query={profile} label="your details">
          {(data) => <MyInfoForm profile={data} />}
        </QueryView>
      </SettingsPanel>
      <ChangeEmailPanel email={user.email} twoFactorEnabled={user.twoFactorEnabled} />
    </SectionPage>
  );
}
