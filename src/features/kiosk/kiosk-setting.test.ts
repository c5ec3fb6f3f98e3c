import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createKioskSetting,
  parseKioskSetting,
  readKioskSetting,
  removeKioskSetting,
  saveKioskSetting,
} from "@/features/kiosk/kiosk-setting";
import { hasPilotAccess } from "@/lib/pilot-access";
import { readValue, resetStorageForTests, storageKeys } from "@/lib/storage";

describe("kiosk setting", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

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
