import { useQuery } from "@tanstack/react-query";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { ContactPreferencesForm } from "#app/features/prefs/contact-preferences-form.tsx";
import { PhoneNumberPanel } from "#app/features/prefs/phone-number-panel.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sectionMeta, sections } from "#app/features/shell/sections.ts";
import { apiQuery, joinQueries, setApiData } from "#app/lib/query.tsx";

export const meta = () => sectionMeta("contactPreferences");

/** /account/contactpreferencess (SPEC's spelling) and /account/contactpreferences: email, texts, check-in. */
export default function ContactPreferences() {
  const both = joinQueries(
    [useQuery(apiQuery("getProfile")), useQuery(apiQuery("getPhone"))],
    (profile, phone) => ({ profile, phone }),
  );
  const { title, description } = sections.contactPreferences;
  return (
    <SectionPage title={title} description={description}>
      <QueryView query={both} label="your contact preferences">
        {({ profile, phone }) => (
          <>
            <ContactPreferencesForm
              // A verified or removed number changes what may be saved: start the form again from the server's values.
              key={phone.phone ?? "no-phone"}
              profile={profile}
              phone={phone}
            />
            <PhoneNumberPanel
              status={phone}
              onChange={(next) => {
                // A removed number turns texts off on the server too.
                if (phone.phone !== null && next.phone === null) {
                  setApiData("getProfile", { ...profile, textToggle: false });
                }
                setApiData("getPhone", next);
              }}
            />
          </>
        )}
      </QueryView>
    </SectionPage>
  );
}
