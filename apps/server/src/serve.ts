import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createMemoryTrim, takeCollectGarbage } from "./memory-trim.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    // npm runs workspace scripts inside the workspace folder; relative paths (DATA_DIR) mean where the user typed `npm`.
    config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ host: config.host, port: config.port });
  // Empty heap pages go back to the system once a load is over (ADR 055).
  createMemoryTrim({ collect: takeCollectGarbage() }).start();
}

await main();
