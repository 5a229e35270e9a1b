import { CryptoError, isCryptoErrorCode } from "./errors.ts";

// The messages between the crypto worker and its clients. Keys cross as CryptoKey objects (structured clone copies the
// handle, never the key bytes to JavaScript); large byte arrays are transferred, not copied.

/** What both a Worker (seen from the page) and a worker's global scope (seen from inside) provide. */
export interface MessageEndpoint {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  /** MessagePort needs start() before it delivers messages to addEventListener listeners. */
  start?: () => void;
}

export interface CallbackMarker {
  readonly heirloomCallback: number;
}

export type WorkerRequest = {
  readonly kind: "call";
  readonly id: number;
  readonly method: string;
  readonly args: unknown[];
};

export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

export type WorkerResponse =
  | { readonly kind: "result"; readonly id: number; readonly value: unknown }
  | { readonly kind: "error"; readonly id: number; readonly error: WireError }
  | { readonly kind: "callback"; readonly id: number; readonly slot: number; readonly args: unknown[] };

export function isCallbackMarker(value: unknown): value is CallbackMarker {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as CallbackMarker).heirloomCallback === "number"
  );
}

export function errorToWire(error: unknown): WireError {
  if (error instanceof CryptoError) return { name: error.name, message: error.message, code: error.code };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

export function errorFromWire(wire: WireError): Error {
  if (isCryptoErrorCode(wire.code)) return CryptoError.restore(wire.code, wire.message);
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
}

/**
 * The ArrayBuffers inside a result, to transfer rather than copy. Only buffers of byte arrays reached through plain
 * objects and arrays (a few levels deep) are collected: that is where this package puts its outputs.
 */
export function collectTransferables(
  value: unknown,
  depth = 0,
  found: Set<ArrayBuffer> = new Set(),
): ArrayBuffer[] {
  if (depth > 3 || typeof value !== "object" || value === null) return [...found];
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer && value.buffer.byteLength > 0) found.add(value.buffer);
  } else if (Array.isArray(value)) {
    for (const item of value) collectTransferables(item, depth + 1, found);
  } else if (Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value)) collectTransferables(item, depth + 1, found);
  }
  return [...found];
}
