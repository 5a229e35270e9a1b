import { spawn } from "node:child_process";
import path from "node:path";

/** Starts bench/documents/bare-server.ts as its own process, storing into `dir`. */
export async function startBareServer(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "bare-server.ts"), dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (data: Buffer) => {
      out += data.toString();
      const match = /listening (\d+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
