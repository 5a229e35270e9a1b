// The /tester page's worker probe: proves a same-origin module worker can start under our CSP, receive a message,
// and reach WebCrypto from inside the worker (where Heirloom's crypto runs).
interface Probe {
  readonly nonce: string;
}

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<Probe>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  scope.postMessage({
    nonce: event.data.nonce,
    subtle: typeof globalThis.crypto?.subtle?.digest === "function",
  });
};
