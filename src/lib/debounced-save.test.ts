import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDebouncedSave } from "@/lib/debounced-save";

describe("createDebouncedSave", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves only the latest value after the pause", () => {
    const save = vi.fn();
    const saver = createDebouncedSave(save, 400);
    saver.schedule("a");
    vi.advanceTimersByTime(300);
    saver.schedule("ab");
    vi.advanceTimersByTime(300);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(save).toHaveBeenCalledExactlyOnceWith("ab");
  });

  it("flushes a pending value at once, and only once", () => {
    const save = vi.fn();
    const saver = createDebouncedSave(save, 400);
    saver.flush();
    expect(save).not.toHaveBeenCalled();
    saver.schedule("draft");
    saver.flush();
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledExactlyOnceWith("draft");
  });

  it("drops a pending value when cancelled", () => {
    const save = vi.fn();
    const saver = createDebouncedSave(save, 400);
    saver.schedule("draft");
    saver.cancel();
    vi.advanceTimersByTime(1000);
    expect(save).not.toHaveBeenCalled();
  });
});
