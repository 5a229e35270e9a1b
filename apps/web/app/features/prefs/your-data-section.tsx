import { useState } from "react";
import { Link } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import { SettingsPanel } from "#app/components/ui/settings-panel.tsx";
import type { DocumentEntry } from "#app/features/documents/documents.ts";
import { saveBlob } from "#app/features/documents/download.ts";
import { VaultExportPanel } from "#app/features/export/vault-export-panel.tsx";
import { ApiError, callApi } from "#app/lib/api.ts";

/** Hands a JSON value to the browser as a file download. */
const saveJson = (data: unknown, fileName: string) =>
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }), fileName);

/**
 * "Your data" on /account/MyData: everything the server holds about the person as one JSON file (GET
 * /api/account/export), what that file leaves out and why, the vault export (a ZIP of the documents the page has listed)
 * and the way to delete the account.
 */
export function YourDataSection({ documents }: { documents: readonly DocumentEntry[] | null }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ fileName: string; withheld: string[] } | null>(null);

  const download = async () => {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      const data = await callApi("exportAccount");
      const fileName = `heirloom-account-${data.exportedAt.slice(0, 10)}.json`;
      saveJson(data, fileName);
      setDone({ fileName, withheld: data.withheld });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.code === "rate_limited"
          ? "You have downloaded your data many times in the last hour. Please try again later."
          : error instanceof ApiError && error.code !== "network"
            ? error.message
            : "We couldn't prepare your data. Check your connection and try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="your-data-title" className="space-y-6">
      <h2 id="your-data-title" className="font-display text-2xl font-semibold">
        Your data
      </h2>
      <SettingsPanel
        id="account-export-title"
        title="Download what Heirloom holds about you"
        description="One JSON file with your profile and preferences, sign-in methods and sessions, activity log, notifications, the errors you ran into, the list of your stored objects (sizes and dates), and your vault's keys exactly as stored: encrypted in your browser, so nobody, us included, can read them."
      >
        <button type="button" className="btn-primary" disabled={busy} onClick={() => void download()}>
          {busy ? "Preparing your file..." : "Download my data (JSON)"}
        </button>
        <div role="status" className="mt-4">
          {done ? (
            <Notice tone="success" title={`Downloaded ${done.fileName}`}>
              <p>For your safety the file leaves out:</p>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {done.withheld.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </Notice>
          ) : null}
        </div>
        {failure ? (
          <div role="alert" className="mt-4">
            <Notice tone="danger" title="The download did not start">
              {failure}
            </Notice>
          </div>
        ) : null}
      </SettingsPanel>
      <VaultExportPanel documents={documents} />
      <SettingsPanel
        id="delete-account-title"
        title="Delete your account"
        description="Deleting removes your vault, your documents and every record of you from Heirloom. It cannot be undone, so download your data first."
      >
        <Link to="/app/securitysettings" className="link">
          Delete your account in Security settings
        </Link>
      </SettingsPanel>
    </section>
  );
}
