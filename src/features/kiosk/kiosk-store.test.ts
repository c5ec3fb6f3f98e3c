import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { maxWrongPins } from "@/features/kiosk/kiosk-pin";
import {
  enableKioskMode,
  exitKioskMode,
  getKioskSnapshot,
  provisionFromLink,
  restoreKioskMode,
  startPrivacyReset,
} from "@/features/kiosk/kiosk-store";
import { readKioskSetting } from "@/features/kiosk/kiosk-setting";
import { hasPilotAccess } from "@/lib/pilot-access";
import { readValue, resetStorageForTests, storageKeys, writeValue } from "@/lib/storage";

// One tablet's life, in order: the store is app-wide state, like the tablet itself.
describe("kiosk mode on one tablet", () => {
  beforeAll(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("starts off on a new tablet", async () => {
    await restoreKioskMode();
    expect(getKioskSnapshot()).toMatchObject({ status: "off", setting: null, pinSetup: null });
  });

  it("asks staff for a PIN when the link has none", async () => {
    await provisionFromLink({ kiosk: "on", idle: 30 }, "ru");
    expect(getKioskSnapshot()).toMatchObject({ status: "off", pinSetup: { idleSeconds: 30 } });
  });

  it("turns on from a link with a PIN and remembers the language", async () => {
    await provisionFromLink({ kiosk: "on", pin: "2468", idle: 30 }, "ru");
    expect(getKioskSnapshot()).toMatchObject({
      status: "on",
      pinSetup: null,
      notice: { kind: "enabled" },
      setting: { idleSeconds: 30, language: "ru" },
    });
    resetStorageForTests();
    await restoreKioskMode();
    expect(getKioskSnapshot().status).toBe("on");
  });

  it("ignores a second link: the PIN stays the one staff chose", async () => {
    const before = await readKioskSetting();
    await provisionFromLink({ kiosk: "on", pin: "1111" }, "en");
    expect(await readKioskSetting()).toEqual(before);
    expect(await exitKioskMode("1111")).toEqual({
      outcome: "refused",
      attemptsLeft: maxWrongPins - 1,
    });
  });

  it("stores each wrong try, so a restart does not give new ones", async () => {
    expect((await readKioskSetting())?.failedAttempts).toBe(1);
    resetStorageForTests();
    await restoreKioskMode();
    expect(await exitKioskMode("9999")).toEqual({
      outcome: "refused",
      attemptsLeft: maxWrongPins - 2,
    });
    expect(getKioskSnapshot().status).toBe("on");
  });

  it("ends with the right PIN", async () => {
    expect(await exitKioskMode("2468")).toEqual({ outcome: "accepted" });
    expect(getKioskSnapshot()).toMatchObject({
      status: "off",
      setting: null,
      notice: { kind: "exited" },
    });
    expect(await readKioskSetting()).toBeNull();
  });
});

describe("staff leaving kiosk mode on a device that refuses to remove its setting", () => {
  beforeAll(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });
  afterEach(() => vi.restoreAllMocks());

  const clinicBoards = { kk: [{ id: "c1", text: "Мейірбикені шақырыңыз", category: "people" }] };

  it("are told kiosk mode could not be turned off, and it stays on, as it would after a reload", async () => {
    await writeValue(storageKeys.talkBoards, clinicBoards);
    expect(await enableKioskMode({ pin: "2468", language: "kk" })).toBe("on");
    // A passing IndexedDB error, on the kiosk setting's removal only.
    const remove = IDBObjectStore.prototype.delete;
    vi.spyOn(IDBObjectStore.prototype, "delete").mockImplementation(function (
      this: IDBObjectStore,
      key,
    ) {
      if (key === storageKeys.kiosk) throw new DOMException("Aborted", "AbortError");
      return remove.call(this, key);
    });

    // The exit dialog says "Kiosk mode could not be turned off. Try again." when it rejects.
    await expect(exitKioskMode("2468")).rejects.toThrow("The device kept the kiosk setting");
    expect(getKioskSnapshot()).toMatchObject({ status: "on", setting: { language: "kk" } });
    expect(getKioskSnapshot().notice?.kind).not.toBe("exited");
    vi.restoreAllMocks();

    // The page loaded again: kiosk mode, with the clinic's boards for its resets and pilot access.
    resetStorageForTests();
    await restoreKioskMode();
    expect(getKioskSnapshot().status).toBe("on");
    expect(await readValue(storageKeys.talkClinicBoards)).toEqual(clinicBoards);
    expect(await hasPilotAccess()).toBe(true);
  });

  it("turn it off when they try again and the device lets them", async () => {
    expect(await exitKioskMode("2468")).toEqual({ outcome: "accepted" });
    expect(getKioskSnapshot()).toMatchObject({ status: "off", notice: { kind: "exited" } });
    resetStorageForTests();
    expect(await readKioskSetting()).toBeNull();
    expect(await readValue(storageKeys.talkClinicBoards)).toBeUndefined();
    expect(await hasPilotAccess()).toBe(false);
  });
});

describe("the privacy reset of staff leaving kiosk mode", () => {
  it("keeps their exit dialog open, to say whether kiosk mode could be turned off", () => {
    // The header, with the exit dialog in it, is drawn afresh for each new count of resets.
    const before = getKioskSnapshot().resets;
    startPrivacyReset(false);
    expect(getKioskSnapshot().resets).toBe(before);
    // The idle reset between patients closes whatever was left open.
    startPrivacyReset(true);
    expect(getKioskSnapshot().resets).toBe(before + 1);
  });
});
