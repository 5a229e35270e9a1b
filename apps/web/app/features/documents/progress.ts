// Speed and time left for a transfer, from a sliding window of recent samples, so a pause (a retry) shows as slower
// progress instead of freezing the estimate at the old speed.

export interface TransferSample {
  readonly at: number;
  readonly bytes: number;
}

export const SPEED_WINDOW_MS = 8_000;

export class TransferMeter {
  readonly #samples: TransferSample[] = [];
  readonly #total: number;
  #done = 0;

  constructor(total: number, alreadyDone = 0, now = Date.now()) {
    this.#total = total;
    this.#done = alreadyDone;
    this.#samples.push({ at: now, bytes: alreadyDone });
  }

  get done(): number {
    return this.#done;
  }

  add(bytes: number, now = Date.now()): void {
    this.#done = Math.min(this.#total, this.#done + bytes);
    this.#samples.push({ at: now, bytes: this.#done });
    while (this.#samples.length > 2 && now - (this.#samples[1] as TransferSample).at > SPEED_WINDOW_MS) {
      this.#samples.shift();
    }
  }

  /** Bytes per second over the window; 0 until there is something to measure. */
  bytesPerSecond(now = Date.now()): number {
    const first = this.#samples[0] as TransferSample;
    const elapsed = now - first.at;
    if (elapsed < 250 || this.#done === first.bytes) return 0;
    return ((this.#done - first.bytes) * 1000) / elapsed;
  }

  /** Whole seconds left at the current speed, or undefined while the speed is unknown. */
  secondsLeft(now = Date.now()): number | undefined {
    const speed = this.bytesPerSecond(now);
    if (speed <= 0) return this.#done >= this.#total ? 0 : undefined;
    return Math.ceil((this.#total - this.#done) / speed);
  }
}

const units = ["bytes", "KB", "MB", "GB", "TB"] as const;

/** 1536 -> "1.5 KB" (binary multiples, the units people read on their own disks). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? "1 byte" : `${bytes} bytes`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, "")} ${units[unit]}`;
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "12 MB of 300 MB, 8.5 MB/s, 35 s left": what a progress line says of a transfer under way. */
export function transferLine(status: {
  readonly done: number;
  readonly total: number;
  readonly bytesPerSecond: number;
  readonly secondsLeft: number | undefined;
}): string {
  const done = `${formatBytes(status.done)} of ${formatBytes(status.total)}`;
  const speed = status.bytesPerSecond > 0 ? `, ${formatBytes(status.bytesPerSecond)}/s` : "";
  const left =
    status.secondsLeft !== undefined && status.secondsLeft > 0
      ? `, ${formatDuration(status.secondsLeft)} left`
      : "";
  return `${done}${speed}${left}`;
}
