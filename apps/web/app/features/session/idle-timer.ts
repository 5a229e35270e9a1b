import type { KeyValueStorage } from "./vault-storage.ts";

/** SPEC.md section 9. */
export const IDLE_TIMEOUT_MS = 20 * 60 * 1000;

/** SPEC.md section 4, "Session under /app": the events that count as activity. */
export const ACTIVITY_EVENTS = ["mousemove", "keydown", "mousedown", "touchstart"] as const;

/**
 * sessionStorage name of the browser tests' shorter timeout (milliseconds). [Note: Why the test override is harmless]
 * The value can only shorten the timeout, never lengthen it (min with 20 minutes), so the worst it can do is sign
 * someone out sooner. Whoever can write this tab's sessionStorage runs code in the page and could read the vault key
 * directly; giving them a way to end the session early gives them nothing. Production code never writes it.
 */
export const IDLE_OVERRIDE_STORAGE_KEY = "heirloom:test-idle-ms";

/** The idle timeout for this tab: 20 minutes, or less when the test override asks for less. */
export function idleTimeoutMs(storage: Pick<KeyValueStorage, "getItem"> | null): number {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(IDLE_OVERRIDE_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw === null || !/^\d{1,10}$/.test(raw.trim())) return IDLE_TIMEOUT_MS;
  const override = Number(raw);
  return override > 0 ? Math.min(override, IDLE_TIMEOUT_MS) : IDLE_TIMEOUT_MS;
}

export interface IdleTimerOptions {
  /** Where activity events arrive (the window). */
  target: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  timeoutMs: number;
  onIdle: () => void;
  now?: () => number;
}

/**
 * Calls `onIdle` once, after `timeoutMs` without activity on `target`. Returns a function that stops the timer.
 *
 * One timer, re-armed only when it fires early, rather than a clearTimeout/setTimeout on every mouse move. Time is
 * measured with the clock, not by trusting the timer: a laptop that slept through the deadline signs out on waking,
 * even if the first thing it sees is the mouse moving again.
 */
export function startIdleTimer({ target, timeoutMs, onIdle, now = Date.now }: IdleTimerOptions): () => void {
  let lastActivity = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity);
  };
  const fire = () => {
    stop();
    onIdle();
  };
  const check = () => {
    const idleFor = now() - lastActivity;
    if (idleFor >= timeoutMs) fire();
    else timer = setTimeout(check, timeoutMs - idleFor);
  };
  function onActivity() {
    if (stopped) return;
    if (now() - lastActivity >= timeoutMs) fire();
    else lastActivity = now();
  }

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { passive: true });
  timer = setTimeout(check, timeoutMs);
  return stop;
}
