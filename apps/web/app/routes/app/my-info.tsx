import type { Profile } from "@heirloom/contract";
import { Avatar } from "../../components/account/avatar.tsx";
import { ChangeEmailPanel } from "../../components/account/change-email-panel.tsx";
import { LoadedView } from "../../components/account/loaded-view.tsx";
import { MyInfoForm } from "../../components/account/my-info-form.tsx";
import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";
import { SettingsPanel } from "../../components/app/settings-panel.tsx";
import { useShellContext } from "../../components/app/shell-context.ts";
import { fetchProfile } from "../../features/account/account-api.ts";
import { useLoaded } from "../../features/account/use-loaded.ts";
import { usernameOf } from "../../features/account/username.ts";
import { displayNameOf } from "../../features/session/index.ts";

export const meta = () => sectionMeta("myInfo");

export default function MyInfo() {
  const { user } = useShellContext();
  const [profile, { retry, set }] = useLoaded<Profile>(fetchProfile);
  const name = profile.status === "ready" ? profile.data.name : user.name;
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
        <LoadedView state={profile} retry={retry} label="your details">
          {(data) => <MyInfoForm profile={data} onSaved={set} />}
        </LoadedView>
      </SettingsPanel>
      <ChangeEmailPanel email={user.email} twoFactorEnabled={user.twoFactorEnabled} />
    </SectionPage>
  );
}
