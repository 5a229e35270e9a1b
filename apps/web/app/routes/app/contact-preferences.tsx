import type { PhoneStatus, Profile } from "@heirloom/contract";
import { SectionPage } from "../../components/app/section-page.tsx";
import { sectionMeta, sections } from "../../components/app/sections.ts";
import { ContactPreferencesForm } from "../../components/prefs/contact-preferences-form.tsx";
import { LoadFailed, LoadingBlock } from "../../components/prefs/load-state.tsx";
import { PhoneNumberPanel } from "../../components/prefs/phone-number-panel.tsx";
import { prefsApi } from "../../features/prefs/prefs-api.ts";
import { useLoad } from "../../features/prefs/use-load.ts";

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
