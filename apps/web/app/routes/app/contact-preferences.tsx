import type { PhoneStatus, Profile } from "@heirloom/contract";
import { LoadFailed, LoadingBlock } from "#app/components/ui/load-state.tsx";
import { ContactPreferencesForm } from "#app/features/prefs/contact-preferences-form.tsx";
import { PhoneNumberPanel } from "#app/features/prefs/phone-number-panel.tsx";
import { prefsApi } from "#app/features/prefs/prefs-api.ts";
import { useLoad } from "#app/features/prefs/use-load.ts";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";

export const meta = () => sectionMeta("contactPreferences");

const loadBoth = async () => {
  const [profile, phone] = await Promise.all([prefsApi.profile(), prefsApi.phone()]);
  return { profile, phone };
};

/** /account/contactpreferencess (SPEC's spelling) and /account/contactpreferences: email, texts, check-in. */
export default function ContactPreferences() {
  const { result, reload, setData } = useLoad<{ profile: Profile; phone: PhoneStatus }>(
    loadBoth,
    "We couldn't load your contact preferences.",
  );
  const { title, description } = sections.contactPreferences;
  return (
    <SectionPage title={title} description={description}>
      {result.state === "loading" ? <LoadingBlock label="Loading your contact preferences..." /> : null}
      {result.state === "failed" ? <LoadFailed message={result.message} onRetry={reload} /> : null}
      {result.state === "ready" ? (
        <>
          <ContactPreferencesForm
            // A verified or removed number changes what may be saved: start the form again from the server's values.
            key={result.data.phone.phone ?? "no-phone"}
            profile={result.data.profile}
            phone={result.data.phone}
            onSaved={(profile) => setData({ ...result.data, profile })}
          />
          <PhoneNumberPanel
            status={result.data.phone}
            onChange={(phone) => {
              const removed = result.data.phone.phone !== null && phone.phone === null;
              setData({
                profile: removed ? { ...result.data.profile, textToggle: false } : result.data.profile,
                phone,
              });
            }}
          />
        </>
      ) : null}
    </SectionPage>
  );
}
