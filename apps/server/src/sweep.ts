import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import type { LegacySweep } from "./jobs/legacy-sweep.ts";

// `npm run sweep`: one pass of the legacy sweep (releases due, reminders owed) against the configured database, for
// deployments that run it from cron (SWEEP_INTERVAL_SECONDS=0). Running servers may sweep at the same time: the
// lease lets one pass run at a time, and this one says so and exits if another holds it.

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig({ ...process.env, SWEEP_INTERVAL_SECONDS: "0" }, process.env.INIT_CWD ?? process.cwd());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
let sweep: LegacySweep | undefined;
const app = await buildApp(config, { onSweep: (s) => (sweep = s) });
await app.ready();
const result = await sweep?.runOnce();
await app.close();
if (!result?.ran) {
  console.log("Another server holds the sweep lease: nothing done; the pass runs there.");
} else {
  console.log(
    `Sweep done: ${result.plansLooked} plans looked at, ${result.plansMoved} moved, ${result.reminders} reminders sent.`,
  );
}
