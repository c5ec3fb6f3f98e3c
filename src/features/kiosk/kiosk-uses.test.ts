import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { idleReducer, initialIdleState, type IdleConfig } from "@/features/kiosk/idle-machine";
import { enableKioskMode, exitKioskMode, getKioskSnapshot } from "@/features/kiosk/kiosk-store";
import { setOpenSessionReset } from "@/features/kiosk/privacy-reset";
import { resetStorageForTests } from "@/lib/storage";
import {
  bringInNewVersionAfterReset,
  isLeftClean,
  lateEraseFailed,
  noteKioskUse,
  noteStaffExit,
  privacyResetEnded,
  readLastUse,
  resetKioskUsesForTests,
} from "@/features/kiosk/kiosk-uses";

/**
 * A kiosk's page run by the old version, with a new version installed and waiting whose taking
 * over comes when `takesOver` is called. Stand-ins for the browser's service worker container,
 * the window, `<html data-kiosk="on">` and localStorage.
 */
function kioskWithNewVersionWaiting() {
  const container = new EventTarget();
  const next = Object.assign(new EventTarget(), {
    state: "installed" as ServiceWorkerState,
    postMessage: vi.fn(),
  });
  const registration = { waiting: next, installing: null, update: vi.fn(async () => undefined) };
  Object.assign(container, { controller: {}, getRegistration: async () => registration });
  const reload = vi.fn();
  const stored = new Map<string, string>();
  const html = { dataset: { kiosk: "on" } as DOMStringMap };
  vi.stubGlobal("document", { documentElement: html });
  vi.stubGlobal("navigator", { serviceWorker: container });
  vi.stubGlobal("window", Object.assign(new EventTarget(), { location: { reload } }));
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  return {
    next,
    reload,
    leaveKioskMode() {
      delete html.dataset.kiosk;
    },
    takesOver() {
      next.state = "activated";
      next.dispatchEvent(new Event("statechange"));
      container.dispatchEvent(new Event("controllerchange"));
    },
  };
}

describe("a new version on a kiosk", () => {
  beforeEach(() => resetKioskUsesForTests());
  afterEach(() => vi.unstubAllGlobals());

  it("comes in after a privacy reset, with nobody there", async () => {
    const kiosk = kioskWithNewVersionWaiting();
    noteKioskUse(1_000_000);
    privacyResetEnded(true);
    await bringInNewVersionAfterReset();
    expect(kiosk.next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    kiosk.takesOver();
    expect(kiosk.reload).toHaveBeenCalledTimes(1);
    expect(readLastUse()).toBeUndefined();
  });

  it("comes in after a reset that could not erase everything too, which is made again at the next start", async () => {
    // A patient used the tablet; the device refused the reset's erasing. The screen is empty all
    // the same. Before, such a kiosk stayed on the old code for good.
    const kiosk = kioskWithNewVersionWaiting();
    noteKioskUse(1_000_000);
    privacyResetEnded(false);
    await bringInNewVersionAfterReset();
    expect(kiosk.next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    kiosk.takesOver();
    expect(kiosk.reload).toHaveBeenCalledTimes(1);
    // The last use is kept, so the page loaded again resets at once (its time has run out).
    expect(readLastUse()).toBe(1_000_000);
  });

  it("does not come in when the next patient has started before the reset's check", async () => {
    const kiosk = kioskWithNewVersionWaiting();
    privacyResetEnded(true);
    noteKioskUse(2_000_000);
    await bringInNewVersionAfterReset();
    expect(kiosk.next.postMessage).not.toHaveBeenCalled();
  });

  it("does not reload under the next patient when its taking over comes after they started", async () => {
    const kiosk = kioskWithNewVersionWaiting();
    privacyResetEnded(true);
    await bringInNewVersionAfterReset();
    noteKioskUse(2_000_000);
    kiosk.takesOver();
    expect(kiosk.reload).not.toHaveBeenCalled();
    // The page is loaded again at the next reset.
    privacyResetEnded(true);
    await bringInNewVersionAfterReset();
    expect(kiosk.reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload once staff have left kiosk mode meanwhile: they read what the exit says", async () => {
    const kiosk = kioskWithNewVersionWaiting();
    privacyResetEnded(false);
    await bringInNewVersionAfterReset();
    kiosk.leaveKioskMode();
    kiosk.takesOver();
    expect(kiosk.reload).not.toHaveBeenCalled();
  });

  it("does not reload staff leaving kiosk mode during an idle reset, even when it takes over before kiosk mode is off", async () => {
    const kiosk = kioskWithNewVersionWaiting();
    // Staff gave the right PIN while the idle reset ran: their exit waits for it to end.
    noteStaffExit();
    privacyResetEnded(true);
    await bringInNewVersionAfterReset();
    // The new version takes over while the exit is still removing the kiosk's settings.
    kiosk.takesOver();
    expect(kiosk.reload).not.toHaveBeenCalled();
  });

  it("comes in after the next idle reset when staff's exit failed after the right PIN", async () => {
    const kiosk = kioskWithNewVersionWaiting();
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
    expect(await enableKioskMode({ pin: "2468", language: "kk" })).toBe("on");
    // The open session's reset, as kiosk-session.tsx gives it, notes that staff are leaving;
    // this time something in it fails, and kiosk mode stays on.
    setOpenSessionReset(async () => {
      noteStaffExit();
      throw new Error("The privacy reset broke");
    });
    await expect(exitKioskMode("2468")).rejects.toThrow("The privacy reset broke");
    setOpenSessionReset(null);
    expect(getKioskSnapshot().status).toBe("on");
    // Later, nobody there, the idle reset ends: a new version comes in as on any kiosk.
    privacyResetEnded(true);
    await bringInNewVersionAfterReset();
    expect(kiosk.next.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    kiosk.takesOver();
    expect(kiosk.reload).toHaveBeenCalledTimes(1);
  });
});

describe("a kiosk page loaded again after a privacy reset", () => {
  beforeEach(() => resetKioskUsesForTests());
  afterEach(() => vi.unstubAllGlobals());

  const config: IdleConfig = { idleMs: 120_000, countdownMs: 30_000 };
  /** The page loaded again at `now` (a new version came in): its idle timer as the session arms it. */
  const armedAfterReload = (now: number) => {
    resetKioskUsesForTests();
    return idleReducer(initialIdleState, {
      type: "arm",
      now,
      config,
      lastInputAt: readLastUse(),
      clean: isLeftClean(),
    });
  };

  it("stays clean after a reset that erased everything: nobody is asked 'Are you still there?' until someone comes", () => {
    kioskWithNewVersionWaiting();
    noteKioskUse(1_000_000);
    privacyResetEnded(true);
    expect(armedAfterReload(1_200_000)).toEqual({ phase: "clean", config });
    // Loaded again hours later, still nobody: still clean.
    expect(armedAfterReload(9_000_000)).toEqual({ phase: "clean", config });
    // The next person came, and the page was loaded again: their idle time counts.
    noteKioskUse(9_100_000);
    expect(armedAfterReload(9_130_000)).toEqual({
      phase: "watching",
      config,
      lastInputAt: 9_100_000,
    });
  });

  it("counts the idle time again when the reset's late erasing failed after it had erased everything", () => {
    kioskWithNewVersionWaiting();
    noteKioskUse(1_000_000);
    privacyResetEnded(true);
    lateEraseFailed(1_050_000);
    expect(armedAfterReload(1_100_000)).toEqual({
      phase: "watching",
      config,
      lastInputAt: 1_050_000,
    });
  });

  it("resets again at once after a reset that could not erase", () => {
    kioskWithNewVersionWaiting();
    noteKioskUse(1_000_000);
    privacyResetEnded(false);
    expect(armedAfterReload(1_200_000)).toEqual({ phase: "resetting", config });
  });
});
