// A Chromium tab driven over the DevTools protocol with no network instrumentation, for bench:documents.
//
// Playwright enables the Network domain on every page it drives. Chromium then copies each request body into the
// protocol's events, on the page's main thread: measured here, 48 uploads of 4 MiB ran at 41–59 MiB/s from a
// Playwright page with Blob bodies and 4–5 MiB/s with byte-array bodies, against 65–70 MiB/s for both from the same
// Chromium driven as below. A browser nobody is debugging pays none of that, so the transfers are measured in a tab
// whose Network domain is never enabled (this uses Target, Page, Emulation, Runtime and DOM on the tab, and the
// bench Performance and HeapProfiler; Storage, SystemInfo and Browser on the browser).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromiumArgs, chromiumPath } from "../../e2e/support/chromium-path.ts";

/** What measureMemoryGrowth and the bench need of a DevTools session: one protocol call. */
export interface CdpSession {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
}

interface Message {
  id?: number;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

export interface CdpBrowser {
  /** The browser target (SystemInfo, Storage...). */
  browser: CdpSession;
  /** A new tab, attached without Network. */
  newPage(): Promise<CdpPage>;
  close(): Promise<void>;
}

export interface CdpPage extends CdpSession {
  goto(url: string): Promise<void>;
  /** Runs `fn(arg)` in the page, awaits it and answers its JSON value (as Playwright's page.evaluate). */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Polls `fn(arg)` in the page every 100 ms until it is truthy. */
  waitFor<A>(fn: (arg: A) => unknown, arg: A, what: string, timeoutMs?: number): Promise<void>;
  /** Sets the files of the first element `selector` matches (an `<input type=file>`), as a person choosing them. */
  setInputFiles(selector: string, files: string[]): Promise<void>;
  addInitScript<A>(fn: (arg: A) => void, arg: A): Promise<void>;
}

export async function launchCdpBrowser(): Promise<CdpBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), "heirloom-bench-chromium-"));
  const child: ChildProcess = spawn(
    chromiumPath,
    [...chromiumArgs, "--headless", "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // Chromium writes the port it listens on, and the browser target's path, to DevToolsActivePort.
  let endpoint: string | undefined;
  for (let tries = 0; !endpoint && tries < 200; tries++) {
    try {
      const [port, browserPath] = readFileSync(path.join(profile, "DevToolsActivePort"), "utf8").split("\n");
      if (port && browserPath) endpoint = `ws://127.0.0.1:${port}${browserPath}`;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  if (!endpoint) throw new Error("Chromium did not open its DevTools port");
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let lastId = 0;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    if (message.id === undefined) return;
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) call?.reject(new Error(message.error.message));
    else call?.resolve(message.result);
  });
  const session = (sessionId?: string): CdpSession => ({
    send(method, params = {}) {
      const id = ++lastId;
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
  });
  const browser = session();

  async function newPage(): Promise<CdpPage> {
    const { targetId } = (await browser.send("Target.createTarget", { url: "about:blank" })) as {
      targetId: string;
    };
    const { sessionId } = (await browser.send("Target.attachToTarget", { targetId, flatten: true })) as {
      sessionId: string;
    };
    const tab = session(sessionId);
    await tab.send("Page.enable");
    await tab.send("Emulation.setDeviceMetricsOverride", {
      width: 1280,
      height: 900,
      deviceScaleFactor: 1,
      mobile: false,
    });
    const evaluate = async <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> => {
      const answer = (await tab.send("Runtime.evaluate", {
        expression: `(${fn.toString()})(${JSON.stringify(arg)})`,
        awaitPromise: true,
        returnByValue: true,
        userGesture: true,
      })) as {
        result: { value?: R };
        exceptionDetails?: { exception?: { description?: string }; text: string };
      };
      if (answer.exceptionDetails)
        throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
      return answer.result.value as R;
    };
    const page: CdpPage = {
      send: tab.send,
      evaluate,
      async goto(url) {
        // A mark on the page being left, so the wait below cannot mistake it for the new one.
        await evaluate(() => {
          (window as unknown as { leaving?: boolean }).leaving = true;
        }, null);
        await tab.send("Page.navigate", { url });
        await page.waitFor(
          () => !(window as unknown as { leaving?: boolean }).leaving && document.readyState === "complete",
          null,
          `load of ${url}`,
          60_000,
        );
      },
      async waitFor(fn, arg, what, timeoutMs = 3_600_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          // A navigation under way destroys the context the check runs in: look again.
          if (await evaluate(fn, arg).catch(() => false)) return;
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      async setInputFiles(selector, files) {
        const { result } = (await tab.send("Runtime.evaluate", {
          expression: `document.querySelector(${JSON.stringify(selector)})`,
        })) as { result: { objectId?: string } };
        if (!result.objectId) throw new Error(`no element matches ${selector}`);
        await tab.send("DOM.setFileInputFiles", { files, objectId: result.objectId });
      },
      async addInitScript(fn, arg) {
        await tab.send("Page.addScriptToEvaluateOnNewDocument", {
          source: `(${fn.toString()})(${JSON.stringify(arg)})`,
        });
      },
    };
    return page;
  }

  return {
    browser,
    newPage,
    async close() {
      await browser.send("Browser.close").catch(() => {});
      socket.close();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      child.kill("SIGKILL");
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
