import { type CryptoWorkerMethod, cryptoWorkerApi } from "./worker-api.ts";
import {
  collectTransferables,
  errorToWire,
  isCallbackMarker,
  type MessageEndpoint,
  type WorkerRequest,
  type WorkerResponse,
} from "./worker-protocol.ts";

function isRequest(value: unknown): value is WorkerRequest {
  const request = value as Partial<WorkerRequest> | null;
  return (
    typeof request === "object" &&
    request !== null &&
    request.kind === "call" &&
    typeof request.id === "number" &&
    typeof request.method === "string" &&
    Array.isArray(request.args)
  );
}

/** Answers calls arriving on `endpoint` (a worker's global scope, or a MessagePort in tests). */
export function serveCryptoApi(endpoint: MessageEndpoint): () => void {
  const post = (response: WorkerResponse, transfer: Transferable[] = []) =>
    endpoint.postMessage(response, transfer);

  const listener = async (event: MessageEvent) => {
    const request: unknown = event.data;
    if (!isRequest(request)) return;
    const { id, method, args } = request;
    try {
      if (!Object.hasOwn(cryptoWorkerApi, method)) throw new Error(`Unknown crypto method: ${method}`);
      // Functions cannot cross threads: the client sends a marker and gets each call back as a message.
      const realArgs = args.map((arg) =>
        isCallbackMarker(arg)
          ? (...callbackArgs: unknown[]) =>
              post({ kind: "callback", id, slot: arg.heirloomCallback, args: callbackArgs })
          : arg,
      );
      const fn = cryptoWorkerApi[method as CryptoWorkerMethod] as (...a: unknown[]) => Promise<unknown>;
      const value = await fn(...realArgs);
      post({ kind: "result", id, value }, collectTransferables(value));
    } catch (error) {
      post({ kind: "error", id, error: errorToWire(error) });
    }
  };

  endpoint.addEventListener("message", listener);
  endpoint.start?.();
  return () => endpoint.removeEventListener("message", listener);
}
