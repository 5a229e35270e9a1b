/** How often an open tab asks which build the server runs (and again whenever the tab comes back into view). */
export const buildCheckIntervalMs = 5 * 60_000;
export const latestBuildPath = "/latest-build.json";

/** The build this tab runs: the manifest version React Router writes into every page. */
export function runningBuild(win: Window): string | null {
  const manifest = (win as unknown as { __reactRouterManifest?: { version?: unknown } })
    .__reactRouterManifest;
  return typeof manifest?.version === "string" ? manifest.version : null;
}

/** Whether the server's answer names a build other than this tab's (an unreadable answer says nothing). */
export function isNewBuild(running: string | null, answer: unknown): boolean {
  const latest = (answer as { version?: unknown } | null)?.version;
  return running !== null && typeof latest === "string" && latest !== "" && latest !== running;
}

/** GET /latest-build.json: the server's build, or null when it cannot be read (offline, a deployment under way). */
export async function fetchLatestBuild(fetcher: typeof fetch): Promise<unknown> {
  try {
    const response = await fetcher(latestBuildPath, { cache: "no-store", credentials: "omit" });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}
