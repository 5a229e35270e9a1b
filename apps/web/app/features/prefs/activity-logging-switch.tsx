import { useState } from "react";
import { Notice } from "#app/components/ui/notice.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { ApiError } from "#app/lib/api.ts";
import { setApiData, useApiMutation } from "#app/lib/query.tsx";

/** activityToggle: routine events may be left out of the log; security events are always kept. Saved at once. */
export function ActivityLoggingSwitch({ initial }: { initial: boolean }) {
  const save = useApiMutation("updateProfile", { onSuccess: (profile) => setApiData("getProfile", profile) });
  const [on, setOn] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const change = async (next: boolean) => {
    setSaving(true);
    setFailure(null);
    setOn(next);
    try {
      const profile = await save.mutateAsync({ body: { activityToggle: next } });
      setOn(profile.activityToggle);
      setAnnouncement(
        profile.activityToggle
          ? "Activity logging is on."
          : "Activity logging is off. Security events are still kept.",
      );
    } catch (error) {
      setOn(!next);
      setFailure(
        error instanceof ApiError && error.code !== "network"
          ? error.message
          : "We couldn't change the setting. Check your connection and try again.",
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsPanel id="logging-title" title="What is logged">
      <Switch
        id="activity-toggle"
        label="Log my routine activity"
        description="Sign-ins, sign-outs, password and two-step sign-in changes and account recovery are always kept, whatever you choose: they are your account's security record. Turn this off to leave everything else out of the log."
        checked={on}
        disabled={saving}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {failure ? (
        <div role="alert" className="mt-4">
          <Notice tone="danger">{failure}</Notice>
        </div>
      ) : null}
    </SettingsPanel>
  );
}
