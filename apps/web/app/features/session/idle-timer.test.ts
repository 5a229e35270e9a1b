import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "#app/features/session/testing/memory-storage.ts";
import { IDLE_OVERRIDE_STORAGE_KEY, IDLE_TIMEOUT_MS, idleTimeoutMs, startIdleTimer } from "./idle-timer.ts";

const minute = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function timer(timeoutMs = IDLE_TIMEOUT_MS) {
  const target = new EventTarget();
  const onIdle = vi.fn();
  const stop = startIdleTimer({ target, timeoutMs, onIdle });
  const act = (type = "mousemove") => target.dispatchEvent(new Event(type));
  return { target, onIdle, stop, act };
}

describe("idle timer (SPEC.md sections 4 and 9)", () => {
  it("fires once after 20 minutes without activity", () => {
    const { onIdle } = timer();
    vi.advanceTimersByTime(20 * minute - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * minute);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(["mousemove", "keydown", "mousedown", "touchstart"])("%s restarts the 20 minutes", (type) => {
    const { onIdle, act } = timer();
    vi.advanceTimersByTime(19 * minute);
    act(type);
    vi.advanceTimersByTime(19 * minute);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 * minute);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("ignores other events, such as scroll", () => {
    const { onIdle, act } = timer();
    vi.advanceTimersByTime(19 * minute);
    act("scroll");
    vi.advanceTimersByTime(1 * minute);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("signs out on waking from sleep even when the first thing it sees is activity", () => {
    const { onIdle, act } = timer();
    // The machine sleeps: the clock moves on, the timer has not had a chance to run.
    vi.setSystemTime(Date.now() + 45 * minute);
    act("mousemove");
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("stops listening when stopped", () => {
    const { onIdle, stop, target } = timer();
    const remove = vi.spyOn(target, "removeEventListener");
    stop();
    vi.advanceTimersByTime(60 * minute);
    expect(onIdle).not.toHaveBeenCalled();
    expect(remove).toHaveBeenCalledTimes(4);
  });

  it("listens passively", () => {
    const target = new EventTarget();
    const add = vi.spyOn(target, "addEventListener");
    startIdleTimer({ target, timeoutMs: 1_000, onIdle: () => {} })();
    for (const call of add.mock.calls) expect(call[2]).toEqual({ passive: true });
  });
});

describe("the tests' override", () => {
  it("can shorten the timeout", () => {
    expect(idleTimeoutMs(memoryStorage({ [IDLE_OVERRIDE_STORAGE_KEY]: "1500" }))).toBe(1_500);
  });

  it.each(["99999999", "3600000", "-5", "0", "abc", "1e3", "", "Infinity"])(
    "can never lengthen it (%j gives 20 minutes)",
    (value) => {
      expect(idleTimeoutMs(memoryStorage({ [IDLE_OVERRIDE_STORAGE_KEY]: value }))).toBe(IDLE_TIMEOUT_MS);
    },
  );

  it("is 20 minutes without storage", () => {
    expect(idleTimeoutMs(null)).toBe(IDLE_TIMEOUT_MS);
    expect(idleTimeoutMs(memoryStorage())).toBe(IDLE_TIMEOUT_MS);
  });
});
