import { useState } from "react";
import { backupCodesFileText } from "./two-factor.ts";

/** The one-time backup codes, with copy, download (.txt) and print. Shown once, right after enrolment. */
export function BackupCodes({ codes, email }: { codes: readonly string[]; email: string }) {
  const [status, setStatus] = useState("");

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setStatus("Backup codes copied.");
    } catch {
      setStatus("Copying is blocked in this browser. Download or print the codes instead.");
    }
  }

  function download() {
    const text = backupCodesFileText(codes, email, new Date());
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "heirloom-backup-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
    setStatus("Backup codes downloaded.");
  }

  return (
    <div className="space-y-4">
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-1 gap-2 font-mono text-[0.9375rem] min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li
            key={code}
            className="rounded-md border border-line bg-surface-sunken px-3 py-2 text-center text-ink"
          >
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3 print:hidden">
        <button type="button" className="btn-secondary" onClick={() => void copy()}>
          Copy codes
        </button>
        <button type="button" className="btn-secondary" onClick={download}>
          Download codes
        </button>
        <button type="button" className="btn-secondary" onClick={() => window.print()}>
          Print codes
        </button>
      </div>
      <p role="status" className="text-sm text-ink-muted">
        {status}
      </p>
    </div>
  );
}
