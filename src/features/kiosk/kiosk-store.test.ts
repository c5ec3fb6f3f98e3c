import { IDBFactory } from "fake-indexeddb";
import { beforeAll, describe, expect, it } from "vitest";
import { maxWrongPins } from "@/features/kiosk/kiosk-pin";
import {
  exitKioskMode,
  getKioskSnapshot,
  provisionFromLink,
  restoreKioskMode,
} from "@/features/kiosk/kiosk-store";
import { readKioskSetting } from "@/features/kiosk/kiosk-setting";
import { resetStorageForTests } from "@/lib/storage";

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
