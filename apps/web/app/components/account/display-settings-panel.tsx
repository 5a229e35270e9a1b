import type { Preferences } from "@heirloom/contract";
import { fetchPreferences } from "../../features/account/account-api.ts";
import { useLoaded } from "../../features/account/use-loaded.ts";
import { SettingsPanel } from "../app/settings-panel.tsx";
import { DisplaySettingsForm } from "./display-settings-form.tsx";
import { LoadedView } from "./loaded-view.tsx";

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
