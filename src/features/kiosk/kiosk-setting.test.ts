import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createKioskSetting,
  parseKioskSetting,
  readKioskSetting,
  saveKioskSetting,
} from "@/features/kiosk/kiosk-setting";
import { removeKioskSetting } from "@/features/kiosk/privacy-reset";
import { hasPilotAccess } from "@/lib/pilot-access";
import { readValue, resetStorageForTests, storageKeys } from "@/lib/storage";

describe("kiosk setting", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("survives a restart, keeps only the PIN's hash and gives pilot access", async () => {
    expect(await hasPilotAccess()).toBe(false);
    const setting = await createKioskSetting({ pin: "482916", idleSeconds: 45, language: "uz" });
    expect(await saveKioskSetting(setting)).toBe(true);
    resetStorageForTests();

    expect(await readKioskSetting()).toEqual(setting);
    expect(setting).toMatchObject({
      enabled: true,
      idleSeconds: 45,
      language: "uz",
      failedAttempts: 0,
      lockedUntil: null,
    });
    expect(JSON.stringify(await readValue(storageKeys.kiosk))).not.toContain("482916");
    expect(await hasPilotAccess()).toBe(true);

    await removeKioskSetting();
    expect(await readKioskSetting()).toBeNull();
    expect(await hasPilotAccess()).toBe(false);
  });

  it("is removed on a device without its database, where it lasted one visit", async () => {
    vi.stubGlobal("indexedDB", undefined);
    resetStorageForTests();
    const setting = await createKioskSetting({ pin: "482916", language: "uz" });
    expect(await saveKioskSetting(setting)).toBe(false);
    // Nothing stored brings kiosk mode back: staff leaving it are not told it stays on.
    expect(await removeKioskSetting()).toBe(true);
    expect(await hasPilotAccess()).toBe(false);
  });

  it("defaults the idle time to two minutes", async () => {
    const setting = await createKioskSetting({ pin: "2468", language: "en" });
    expect(setting.idleSeconds).toBe(120);
  });

  it("reads an unusable stored value as kiosk mode off", () => {
    expect(parseKioskSetting(undefined)).toBeNull();
    expect(
      parseKioskSetting({ enabled: false, pinHash: "x", salt: "y", pinIterations: 1 }),
    ).toBeNull();
    expect(parseKioskSetting({ enabled: true })).toBeNull();
  });

  it("fills in what an older stored value lacks", () => {
    expect(
      parseKioskSetting({
        enabled: true,
        pinHash: "x",
        salt: "y",
        pinIterations: 1000,
        language: "fr",
      }),
    ).toMatchObject({ idleSeconds: 120, language: "en", failedAttempts: 0, lockedUntil: null });
  });
});
