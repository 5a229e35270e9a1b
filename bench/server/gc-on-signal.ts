// Preloaded by bench/server.ts into the servers it starts (with --expose-gc): SIGUSR2 runs a full garbage collection,
// so the bench can read resident memory after GC from /proc/PID/status. Bench only; the server itself has no such
// door.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) process.on("SIGUSR2", () => gc());
