// Entry point of the crypto Web Worker: `new Worker(new URL("./worker.ts", import.meta.url), { type: "module" })`
// (startCryptoWorkers in worker-client.ts does this). Keys live in this thread as non-extractable CryptoKeys.
import type { MessageEndpoint } from "./worker-protocol.ts";
import { serveCryptoApi } from "./worker-server.ts";

const WorkerScope = (globalThis as { WorkerGlobalScope?: abstract new () => unknown }).WorkerGlobalScope;

// Serve only inside a worker: importing this module anywhere else must not start answering the page's messages.
if (WorkerScope && globalThis instanceof WorkerScope) {
  serveCryptoApi(globalThis as unknown as MessageEndpoint);
}
