import { chunkCountFor, type FileLayout } from "./file-format.ts";
import {
  type ChunkCipher,
  createChunkDecryptStream,
  createChunkEncryptStream,
  type FileDecryptor,
  type FileEncryptOptions,
  type FileEncryptor,
  fileHeaderFor,
  type StreamOptions,
} from "./file-stream.ts";
import type { DekKey } from "./types.ts";
import type { CryptoWorkerApi, CryptoWorkerMethod, RemoteCryptoApi } from "./worker-api.ts";
import {
  errorFromWire,
  type MessageEndpoint,
  type WorkerRequest,
  type WorkerResponse,
} from "./worker-protocol.ts";

type Result<K extends CryptoWorkerMethod> = Awaited<ReturnType<CryptoWorkerApi[K]>>;

interface PendingCall {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly callbacks: readonly ((...args: unknown[]) => void)[];
  readonly endpoint: number;
}

export interface CryptoWorkerClient {
  /** The package's API, run in the worker(s). Arguments are copied; results are transferred. */
  readonly api: RemoteCryptoApi;
  /** As `api[method](...args)`, but moving `transfer` (e.g. a chunk's buffer) to the worker instead of copying it. */
  call<K extends CryptoWorkerMethod>(
    method: K,
    args: Parameters<CryptoWorkerApi[K]>,
    transfer?: Transferable[],
  ): Promise<Result<K>>;
  /** Like createFileEncryptor, with chunks spread over the workers (`concurrency` defaults to workers + 1). */
  createFileEncryptor(dekKey: DekKey, options: FileEncryptOptions): Promise<FileEncryptor>;
  createFileDecryptor(
    dekKey: DekKey,
    options: StreamOptions & { readonly fileId: string; readonly headerObject: Uint8Array },
  ): Promise<FileDecryptor>;
  /** Rejects every call in flight (used when a worker fails to load or crashes). */
  failAll(error: Error): void;
  close(): void;
}

export function createCryptoWorkerClient(
  endpointOrEndpoints: MessageEndpoint | readonly MessageEndpoint[],
  options: { readonly onClose?: () => void } = {},
): CryptoWorkerClient {
  const endpoints = Array.isArray(endpointOrEndpoints)
    ? (endpointOrEndpoints as readonly MessageEndpoint[])
    : [endpointOrEndpoints as MessageEndpoint];
  if (endpoints.length === 0) throw new Error("at least one worker is needed");
  const pending = new Map<number, PendingCall>();
  const load = endpoints.map(() => 0);
  let nextId = 1;

  const settle = (id: number) => {
    const call = pending.get(id);
    if (call) {
      pending.delete(id);
      load[call.endpoint] = (load[call.endpoint] ?? 1) - 1;
    }
    return call;
  };

  const listener = (event: MessageEvent) => {
    const response = event.data as WorkerResponse;
    if (response?.kind === "callback") {
      pending.get(response.id)?.callbacks[response.slot]?.(...response.args);
    } else if (response?.kind === "result") {
      settle(response.id)?.resolve(response.value);
    } else if (response?.kind === "error") {
      settle(response.id)?.reject(errorFromWire(response.error));
    }
  };
  for (const endpoint of endpoints) {
    endpoint.addEventListener("message", listener);
    endpoint.start?.();
  }

  function call<K extends CryptoWorkerMethod>(
    method: K,
    args: Parameters<CryptoWorkerApi[K]>,
    transfer: Transferable[] = [],
  ): Promise<Result<K>> {
    const id = nextId++;
    const callbacks: ((...a: unknown[]) => void)[] = [];
    const wireArgs = (args as unknown[]).map((arg) => {
      if (typeof arg !== "function") return arg;
      callbacks.push(arg as (...a: unknown[]) => void);
      return { heirloomCallback: callbacks.length - 1 };
    });
    // The least busy worker takes the call: every call is self-contained, so any worker can answer any call.
    let target = 0;
    for (let i = 1; i < endpoints.length; i++) if ((load[i] ?? 0) < (load[target] ?? 0)) target = i;
    return new Promise<Result<K>>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, callbacks, endpoint: target });
      load[target] = (load[target] ?? 0) + 1;
      const request: WorkerRequest = { kind: "call", id, method, args: wireArgs };
      try {
        (endpoints[target] as MessageEndpoint).postMessage(request, transfer);
      } catch (error) {
        settle(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  const api = new Proxy({} as RemoteCryptoApi, {
    get: (_target, method) =>
      typeof method === "string"
        ? (...args: unknown[]) => call(method as CryptoWorkerMethod, args as never)
        : undefined,
  });

  const workerCipher = (
    dekKey: DekKey,
    fileId: string,
    layout: FileLayout,
    noncePrefix?: Uint8Array<ArrayBuffer>,
  ): ChunkCipher => ({
    async seal(index, plaintext, withDigest) {
      if (!noncePrefix) throw new Error("this cipher was made for decryption only");
      const input = { fileId, layout, index, noncePrefix, plaintext };
      const {
        sealed,
        digest,
        plaintext: returned,
      } = await call("sealStreamChunk", [dekKey, input, withDigest], [plaintext.buffer]);
      return digest ? { sealed, digest, plaintext: returned } : { sealed, plaintext: returned };
    },
    async open(index, chunkObject) {
      return call("openStreamChunk", [dekKey, { fileId, layout, index, chunkObject }], [chunkObject.buffer]);
    },
  });

  const withConcurrency = <T extends StreamOptions>(streamOptions: T): T => ({
    ...streamOptions,
    concurrency: streamOptions.concurrency ?? Math.min(16, endpoints.length + 1),
  });

  return {
    api,
    call,
    async createFileEncryptor(dekKey, encryptOptions) {
      const header = fileHeaderFor(encryptOptions);
      const [headerObject, noncePrefix] = await Promise.all([
        api.encryptFileHeader(dekKey, encryptOptions.fileId, header),
        api.newNoncePrefix(),
      ]);
      const cipher = workerCipher(dekKey, encryptOptions.fileId, header, noncePrefix);
      const stream = createChunkEncryptStream(header, cipher, withConcurrency(encryptOptions));
      return { header, headerObject, chunkCount: chunkCountFor(header), stream };
    },
    async createFileDecryptor(dekKey, decryptOptions) {
      const header = await api.decryptFileHeader(dekKey, decryptOptions.fileId, decryptOptions.headerObject);
      const cipher = workerCipher(dekKey, decryptOptions.fileId, header);
      return { header, stream: createChunkDecryptStream(header, cipher, withConcurrency(decryptOptions)) };
    },
    failAll(error) {
      for (const id of [...pending.keys()]) settle(id)?.reject(error);
    },
    close() {
      for (const endpoint of endpoints) endpoint.removeEventListener("message", listener);
      this.failAll(new Error("The crypto worker was closed"));
      options.onClose?.();
    },
  };
}

/** How many workers to start: enough to use the spare cores, but few enough to keep memory modest. */
export function defaultWorkerCount(): number {
  const cores = globalThis.navigator?.hardwareConcurrency ?? 2;
  return Math.max(1, Math.min(4, cores - 1));
}

/** Starts `count` module workers running worker.ts (bundlers such as Vite follow this `new URL` form). */
export function startCryptoWorkers(count: number = defaultWorkerCount()): CryptoWorkerClient {
  const workers = Array.from(
    { length: count },
    () => new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "heirloom-crypto" }),
  );
  const client = createCryptoWorkerClient(workers, {
    onClose: () => {
      for (const worker of workers) worker.terminate();
    },
  });
  for (const worker of workers) {
    worker.addEventListener("error", (event) =>
      client.failAll(new Error(`Crypto worker failed: ${event.message}`)),
    );
  }
  return client;
}
