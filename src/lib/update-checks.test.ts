import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  checkForUpdatesWhileOpen,
  updateCheckAgainAfterMs,
  updateCheckEveryMs,
} from "@/lib/update-checks";

/**
 * An open page under its service worker. Stand-ins for the registration (whose `update` asks the
 * server), the window, the document and the connection.
 */
function openPage() {
  const registration = {
    installing: null as object | null,
    waiting: null as object | null,
    update: vi.fn(async () => undefined),
  };
  const page = new EventTarget();
  const document = Object.assign(new EventTarget(), {
    visibilityState: "visible" as DocumentVisibilityState,
  });
  const connection = { onLine: true };
  vi.stubGlobal("window", Object.assign(page, { setInterval, clearInterval }));
  vi.stubGlobal("document", document);
  vi.stubGlobal("navigator", connection);
  const stop = checkForUpdatesWhileOpen(registration as unknown as ServiceWorkerRegistration);
  return {
    registration,
    stop,
    hide() {
      document.visibilityState = "hidden";
      document.dispatchEvent(new Event("visibilitychange"));
    },
    show() {
      document.visibilityState = "visible";
      document.dispatchEvent(new Event("visibilitychange"));
    },
    goOffline() {
      connection.onLine = false;
      page.dispatchEvent(new Event("offline"));
    },
    goOnline() {
      connection.onLine = true;
      page.dispatchEvent(new Event("online"));
    },
  };
}

describe("a page left open asks for a new version", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("now and then while it is shown (it never asked after it was opened)", async () => {
    const page = openPage();
    await vi.advanceTimersByTimeAsync(updateCheckEveryMs - 1);
    expect(page.registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(page.registration.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * updateCheckEveryMs);
    expect(page.registration.update).toHaveBeenCalledTimes(3);
    page.stop();
  });

  it("when its connection comes back, or it is shown again, unless it asked a moment ago", async () => {
    const page = openPage();
    // Just opened: the browser asked with the page.
    page.goOffline();
    page.goOnline();
    page.hide();
    page.show();
    expect(page.registration.update).not.toHaveBeenCalled();

    page.goOffline();
    await vi.advanceTimersByTimeAsync(updateCheckAgainAfterMs);
    page.goOnline();
    expect(page.registration.update).toHaveBeenCalledTimes(1);

    page.hide();
    await vi.advanceTimersByTimeAsync(updateCheckAgainAfterMs);
    page.show();
    expect(page.registration.update).toHaveBeenCalledTimes(2);
    page.stop();
  });

  it("not while hidden or offline, but once back; nor when a new version is already on its way", async () => {
    const page = openPage();
    page.hide();
    await vi.advanceTimersByTimeAsync(updateCheckEveryMs);
    expect(page.registration.update).not.toHaveBeenCalled();
    page.show();
    expect(page.registration.update).toHaveBeenCalledTimes(1);

    page.goOffline();
    await vi.advanceTimersByTimeAsync(updateCheckEveryMs);
    expect(page.registration.update).toHaveBeenCalledTimes(1);
    page.goOnline();
    expect(page.registration.update).toHaveBeenCalledTimes(2);

    page.registration.waiting = {};
    await vi.advanceTimersByTimeAsync(2 * updateCheckEveryMs);
    page.hide();
    page.show();
    expect(page.registration.update).toHaveBeenCalledTimes(2);
    page.stop();
  });

  it("again as soon as it can after a check its connection failed", async () => {
    const page = openPage();
    page.registration.update.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await vi.advanceTimersByTimeAsync(updateCheckEveryMs);
    expect(page.registration.update).toHaveBeenCalledTimes(1);
    page.goOnline();
    expect(page.registration.update).toHaveBeenCalledTimes(2);
    page.stop();
  });
});
