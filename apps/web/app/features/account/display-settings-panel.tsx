import { useQuery } from "@tanstack/react-query";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { apiQuery } from "#app/lib/query.tsx";
import { DisplaySettingsForm } from "./display-settings-form.tsx";

/** The display settings block of /account/settings and /account/primarysettings. */
export function DisplaySettingsPanel() {
  const preferences = useQuery(apiQuery("getPreferences"));
  return (
    <SettingsPanel
      id="display-title"
      title="Display and sign-in"
      description="How Heirloom looks, which time zone it shows dates in, and where you land after signing in."
    >
      <QueryView query={preferences} label="your settings">
        {(data) => <DisplaySettingsForm preferences={data} />}
      </QueryView>
    </SettingsPanel>
  );
}
