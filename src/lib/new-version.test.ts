import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadWithNewVersion } from "@/lib/new-version";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/**
 * A page run by the old version, with a new version installed and waiting, whose taking over
 * comes only when `takesOver` is called: until then the old version's worker is busy (a download
 * on a slow connection). Stand-ins for the browser's service worker container and the window.
 */
function pageWithNewVersionWaiting() {
  const container = new EventTarget();
  const next = Object.assign(new EventTarget(), {
    state: "installed" as ServiceWorkerState,
    postMessage: vi.fn(),
  });
  const registration = { waiting: next, installing: null, update: vi.fn(async () => undefined) };
  const old = { state: "activated" as ServiceWorkerState };
  Object.assign(container, { controller: old, getRegistration: async () => registration });
  const reload = vi.fn();
  const page = Object.assign(new EventTarget(), { location: { reload } });
  vi.stubGlobal("navigator", { serviceWorker: container });
  vi.stubGlobal("window", page);
  return {
    next,
    reload,
    /** The new version controls the page; it is still activating. */
    controls() {
      next.state = "activating";
      next.dispatchEvent(new Event("statechange"));
      Object.assign(container, { controller: next });
      container.dispatchEvent(new Event("controllerchange"));
    },
    /** The new version has finished activating. */
    activated() {
      next.state = "activated";
      next.dispatchEvent(new Event("statechange"));
    },
    takesOver() {
      this.controls();
      this.activated();
    },
    input(type: string) {
      page.dispatchEvent(new Event(type));
    },
  };
}

describe("Reload with a new version waiting", () => {
  it("loads the page again once the new version has taken over, not before in the old one, however long the old worker is busy", async () => {
    vi.useFakeTimers();
    const page = pageWithNewVersionWaiting();
    await reloadWithNewVersion();
    expect(page.next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(page.reload).not.toHaveBeenCalled();
    page.takesOver();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it("loads the page again once the new version has finished activating, not while it activates", async () => {
    // A load made while it activates waits for it; in Chromium it could wait for good when the
    // activating worker was stopped and started again meanwhile (pwa.spec's Try again, ci failure).
    const page = pageWithNewVersionWaiting();
    await reloadWithNewVersion();
    page.controls();
    expect(page.reload).not.toHaveBeenCalled();
    page.activated();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload under someone who went on using the page while it waited", async () => {
    vi.useFakeTimers();
    const page = pageWithNewVersionWaiting();
    await reloadWithNewVersion();
    await vi.advanceTimersByTimeAsync(15_000);
    page.input("keydown");
    page.takesOver();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.reload).not.toHaveBeenCalled();
  });
});

describe("Reload's notice and Try again while the new version waits", () => {
  it("are told that the app is updating as soon as a new version is found, before it takes over", async () => {
    vi.useFakeTimers();
    const page = pageWithNewVersionWaiting();
    const updating = vi.fn();
    await reloadWithNewVersion(updating);
    expect(updating.mock.calls).toEqual([[true]]);
    expect(page.reload).not.toHaveBeenCalled();
  });

  it("are told once when their user went on, so they offer Reload again; not when the page reloads", async () => {
    vi.useFakeTimers();
    const page = pageWithNewVersionWaiting();
    const updating = vi.fn();
    await reloadWithNewVersion(updating);
    page.input("pointerdown");
    page.input("keydown");
    expect(updating.mock.calls).toEqual([[true], [false]]);

    const other = pageWithNewVersionWaiting();
    const stillReloading = vi.fn();
    await reloadWithNewVersion(stillReloading);
    other.takesOver();
    expect(other.reload).toHaveBeenCalledTimes(1);
    expect(stillReloading.mock.calls).toEqual([[true]]);
  });
});
