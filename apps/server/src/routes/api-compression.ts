import { constants as zlibConstants } from "node:zlib";

/**
 * How JSON answers of the API are compressed, per answer (browsers ask for br or gzip on every call): at brotli's
 * and gzip's quickest levels. Measured on this server's answers, brotli 4 took 73 us for the keys (base64
 * ciphertext: 4.7 KiB to 3.5 KiB at any level) and 124 us for a 21 KiB listing (to 2.4 KiB); brotli 1 takes 39 and
 * 36 us for 3.5 and 2.7 KiB. Answers up to 64 KiB are compressed in one synchronous call (about 0.1 ms at most at
 * these levels) rather than through a stream on libuv's thread pool, which @fastify/compress picks above 8 KiB on
 * two cores and which cost the listing more than the compression itself. Pages keep the app's own setting (app.ts).
 */
export const apiCompression = {
  encodings: ["br", "gzip"],
  threshold: 1024,
  syncThreshold: 64 * 1024,
  // A 64 KiB window (brotli's default is 4 MiB): what an answer this size can use, and less to set up per answer.
  brotliOptions: {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_LGWIN]: 16 },
  },
  zlibOptions: { level: 1 },
} as const;
