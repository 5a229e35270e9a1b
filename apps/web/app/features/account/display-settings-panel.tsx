import type { Preferences } from "@heirloom/contract";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { fetchPreferences } from "./account-api.ts";
import { DisplaySettingsForm } from "./display-settings-form.tsx";
import { LoadedView } from "./loaded-view.tsx";
import { useLoaded } from "./use-loaded.ts";

/** The display settings block of /account/settings and /account/primarysettings. */
export function DisplaySettingsPanel() {
  const [preferences, { retry, set }] = useLoaded<Preferences>(fetchPreferences);
  return (
    <SettingsPanel
      id="display-title"
      title="Display and sign-in"
      description="How Heirloom looks, which time zone it shows dates in, and where you land after signing in."
    >
      <LoadedView state={preferences} retry={retry} label="your settings">
        {(data) => <DisplaySettingsForm preferences={data} onSaved={set} />}
      </LoadedView>
    </SettingsPanel>
  );
}
