import { afterEach, describe, expect, it, vi } from "vitest";
import { loadUntilLoaded, loadWhenOnline } from "@/lib/load-when-online";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function offlineDevice() {
  const events = new EventTarget();
  const device = { onLine: false };
  vi.stubGlobal("window", events);
  vi.stubGlobal("navigator", device);
  return {
    comeOnline() {
      device.onLine = true;
      events.dispatchEvent(new Event("online"));
    },
  };
}

describe("loadWhenOnline", () => {
  it("loads again once the connection is back, instead of failing", async () => {
    const device = offlineDevice();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let attempts = 0;
    const load = loadWhenOnline(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return "the code";
    });
    let settled = false;
    const loading = load().finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(attempts).toBe(1);
    expect(settled).toBe(false);
    device.comeOnline();
    await expect(loading).resolves.toBe("the code");
    expect(attempts).toBe(2);
  });

  it("online, asks again after 2 s and 4 s, and fails as usual on the third failure", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("navigator", { onLine: true });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const asked: number[] = [];
    const load = loadWhenOnline(() => {
      asked.push(Date.now());
      return Promise.reject(new Error("server error"));
    });
    const loading = load();
    const failed = expect(loading).rejects.toThrow("server error");
    await vi.runAllTimersAsync();
    await failed;
    expect(asked.slice(1).map((at, i) => at - asked[i]!)).toEqual([2000, 4000]);
  });

  it("online, a request that failed once (a stalled connection) is asked for again and comes", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("navigator", { onLine: true });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let attempts = 0;
    const load = loadWhenOnline(async () => {
      if (++attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return "the code";
    });
    const loading = load();
    await vi.runAllTimersAsync();
    await expect(loading).resolves.toBe("the code");
    expect(attempts).toBe(2);
  });
});

describe("loadUntilLoaded", () => {
  it("asks again after a server error, less and less often, until the code comes", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("navigator", { onLine: true });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const asked: number[] = [];
    const load = loadUntilLoaded(async () => {
      asked.push(Date.now());
      if (asked.length < 4) throw new Error("503");
      return "the code";
    });
    const loading = load();
    await vi.runAllTimersAsync();
    await expect(loading).resolves.toBe("the code");
    // Waits of 2, 4 and 8 s between the four tries.
    expect(asked.slice(1).map((at, i) => at - asked[i]!)).toEqual([2000, 4000, 8000]);
  });
});
