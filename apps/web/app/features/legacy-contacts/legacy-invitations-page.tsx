import { legacyContactRules } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { useDateFormat } from "#app/features/prefs/date-format.ts";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sections } from "#app/features/shell/sections.ts";
import { apiQuery } from "#app/lib/query.tsx";
import { ContactCard } from "./contact-card.tsx";
import { InviteForm } from "./invite-form.tsx";

/** /account/legacyinvitations: invite people, and follow each of them from invitation to confirmation. */
export function LegacyInvitationsPage() {
  const contacts = useQuery(apiQuery("listLegacyContacts"));
  const dates = useDateFormat();
  const { title, description } = sections.legacyInvitations;
  return (
    <SectionPage title={title} description={description}>
      <SettingsPanel
        id="invite-title"
        title="Invite a legacy contact"
        description={`We email them a link that works for ${legacyContactRules.invitationLifetimeDays} days. Once they accept, you compare six words with them by phone or in person, and confirm them. Nothing of yours is ever shared with someone you have not confirmed.`}
      >
        <InviteForm />
      </SettingsPanel>
      <SettingsPanel
        id="contacts-title"
        title="Your legacy contacts"
        description="Everyone you have invited, newest first, with where they are now."
      >
        <QueryView query={contacts} label="your legacy contacts">
          {({ contacts: list }) =>
            list.length === 0 ? (
              <p className="leading-relaxed text-ink-muted">
                You have not invited anyone yet. People you invite are listed here with their answer.
              </p>
            ) : (
              <ul aria-labelledby="contacts-title" className="space-y-4">
                {list.map((contact) => (
                  <ContactCard key={contact.id} contact={contact} dates={dates} />
                ))}
              </ul>
            )
          }
        </QueryView>
      </SettingsPanel>
    </SectionPage>
  );
}
