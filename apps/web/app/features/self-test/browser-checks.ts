/**
 * The browser capabilities Heirloom depends on, each as a small probe that resolves with a detail line or throws
 * with the reason it failed.
 *
 * [Note: Why these probes call crypto.subtle directly] Everything that touches a user's keys goes through
 * packages/crypto (primitives.ts is its only caller of crypto.subtle). These probes handle no user data and no
 * keys that outlive the check; they ask the browser "can you do this at all?" so the page can say so before any
 * real key is made. The crypto timings further down the page do use packages/crypto.
 */

export interface BrowserCheck {
  readonly id: string;
  readonly label: string;
  /** Why Heirloom needs it, in one sentence for the person reading the report. */
  readonly why: string;
  readonly run: () => Promise<string>;
}

const sha256OfAbc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

/** A complete WebAssembly module exporting add(i32, i32) -> i32, the smallest useful program. */
const addModule = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f, 0x03,
  0x02, 0x01, 0x00, 0x07, 0x07, 0x01, 0x03, 0x61, 0x64, 0x64, 0x00, 0x00, 0x0a, 0x09, 0x01, 0x07, 0x00, 0x20,
  0x00, 0x20, 0x01, 0x6a, 0x0b,
]);

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("crypto.subtle is missing (WebCrypto needs a secure https:// page).");
  return s;
}

function sameBytes(a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array): boolean {
  const x = new Uint8Array(a instanceof Uint8Array ? a : new Uint8Array(a));
  const y = new Uint8Array(b instanceof Uint8Array ? b : new Uint8Array(b));
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function storageRoundTrip(name: "sessionStorage" | "localStorage"): Promise<string> {
  const storage = window[name];
  const key = "heirloom:self-test";
  const value = crypto.randomUUID();
  storage.setItem(key, value);
  const read = storage.getItem(key);
  storage.removeItem(key);
  if (read !== value) throw new Error(`${name} returned a different value than was written.`);
  if (storage.getItem(key) !== null) throw new Error(`${name} did not remove the test item.`);
  return Promise.resolve("Wrote, read back and removed a test item.");
}

function indexedDbRoundTrip(): Promise<string> {
  const name = "heirloom-self-test";
  return new Promise((resolve, reject) => {
    if (!("indexedDB" in window)) return reject(new Error("IndexedDB is not available."));
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore("probe");
    open.onerror = () => reject(open.error ?? new Error("IndexedDB refused to open a database."));
    open.onblocked = () => reject(new Error("IndexedDB is blocked by another tab."));
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction("probe", "readwrite");
      tx.objectStore("probe").put("ok", "probe");
      const get = tx.objectStore("probe").get("probe");
      tx.oncomplete = () => {
        db.close();
        indexedDB.deleteDatabase(name);
        if (get.result === "ok") resolve("Opened a database, stored and read a record, then deleted it.");
        else reject(new Error("IndexedDB returned a different value than was written."));
      };
      tx.onerror = () => reject(tx.error ?? new Error("An IndexedDB transaction failed."));
    };
  });
}

function workerRoundTrip(): Promise<string> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      // A real, same-origin module file: our CSP (worker-src 'self') does not allow blob: workers.
      worker = new Worker(new URL("./probe.worker.ts", import.meta.url), {
        type: "module",
        name: "self-test",
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error("The browser refused to start a worker."));
      return;
    }
    const nonce = crypto.randomUUID();
    const timer = window.setTimeout(() => {
      worker.terminate();
      reject(new Error("The worker did not answer within 5 seconds."));
    }, 5_000);
    worker.onmessage = (event: MessageEvent<{ nonce: string; subtle: boolean }>) => {
      window.clearTimeout(timer);
      worker.terminate();
      if (event.data.nonce !== nonce) reject(new Error("The worker answered with the wrong message."));
      else if (!event.data.subtle)
        reject(new Error("The worker started, but WebCrypto is missing inside it."));
      else resolve("Started a module worker, exchanged a message, and found WebCrypto inside it.");
    };
    worker.onerror = (event) => {
      window.clearTimeout(timer);
      worker.terminate();
      reject(
        new Error(event.message || "The worker failed to load (blocked by the browser or its settings)."),
      );
    };
    worker.postMessage({ nonce });
  });
}

export const browserChecks: readonly BrowserCheck[] = [
  {
    id: "secure-context",
    label: "Secure connection",
    why: "Browsers only offer their cryptography to pages loaded over HTTPS.",
    run: async () => {
      if (!window.isSecureContext)
        throw new Error("This page is not in a secure context. Open Heirloom over https://.");
      return `This page is a secure context (${location.protocol}//${location.host}).`;
    },
  },
  {
    id: "webcrypto",
    label: "WebCrypto",
    why: "All encryption happens in your browser, with its built-in cryptography.",
    run: async () => {
      const digest = await subtle().digest("SHA-256", new TextEncoder().encode("abc"));
      if (toHex(digest) !== sha256OfAbc)
        throw new Error("SHA-256 gave a wrong answer for a known test value.");
      return "SHA-256 matches the published test vector.";
    },
  },
  {
    id: "aes-gcm",
    label: "AES-256-GCM",
    why: "Every document and key in your vault is sealed with AES-256-GCM.",
    run: async () => {
      const key = await subtle().generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const plaintext = crypto.getRandomValues(new Uint8Array(1024));
      const sealed = new Uint8Array(await subtle().encrypt({ name: "AES-GCM", iv }, key, plaintext));
      const opened = await subtle().decrypt({ name: "AES-GCM", iv }, key, sealed);
      if (!sameBytes(opened, plaintext)) throw new Error("Decryption did not return the original data.");
      sealed[0] = (sealed[0] ?? 0) ^ 1;
      const tamperedOpened = await subtle()
        .decrypt({ name: "AES-GCM", iv }, key, sealed)
        .then(() => true)
        .catch(() => false);
      if (tamperedOpened) throw new Error("A tampered message was accepted; it must be rejected.");
      return "Encrypted and decrypted 1 KiB, and rejected a tampered copy.";
    },
  },
  {
    id: "rsa-oaep",
    label: "RSA-OAEP (SHA-256)",
    why: "Document keys are sealed to your legacy contacts' public keys with RSA-OAEP.",
    run: async () => {
      const pair = await subtle().generateKey(
        { name: "RSA-OAEP", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
        false,
        ["encrypt", "decrypt"],
      );
      const secret = crypto.getRandomValues(new Uint8Array(32));
      const sealed = await subtle().encrypt({ name: "RSA-OAEP" }, pair.publicKey, secret);
      const opened = await subtle().decrypt({ name: "RSA-OAEP" }, pair.privateKey, sealed);
      if (!sameBytes(opened, secret)) throw new Error("RSA-OAEP did not return the original key.");
      return "Sealed a 32-byte key to a public key and opened it with the private key.";
    },
  },
  {
    id: "webassembly",
    label: "WebAssembly",
    why: "Argon2id, which turns your password into your vault key, runs as WebAssembly.",
    run: async () => {
      if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available in this browser.");
      const { instance } = await WebAssembly.instantiate(addModule);
      const add = instance.exports.add as (a: number, b: number) => number;
      if (add(2, 3) !== 5) throw new Error("A WebAssembly module ran but gave a wrong answer.");
      return "Compiled and ran a small WebAssembly module.";
    },
  },
  {
    id: "worker",
    label: "Web Workers",
    why: "Heavy cryptography runs in a background worker so the page stays responsive.",
    run: workerRoundTrip,
  },
  {
    id: "session-storage",
    label: "Session storage",
    why: "A signed-in tab keeps its keys here so a reload does not sign you out.",
    run: () => storageRoundTrip("sessionStorage"),
  },
  {
    id: "local-storage",
    label: "Local storage",
    why: "Small preferences, such as your answer to the cookie notice, are kept here.",
    run: () => storageRoundTrip("localStorage"),
  },
  {
    id: "indexeddb",
    label: "IndexedDB",
    why: "The app keeps larger working data in your browser here, such as the progress of a long upload.",
    run: indexedDbRoundTrip,
  },
];
