import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { grantPilotAccess, hasPilotAccess, revokePilotAccess } from "@/lib/pilot-access";
import { resetStorageForTests, storageKeys, writeValue } from "@/lib/storage";

describe("pilot access", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("lasts while kiosk mode is on and goes with it", async () => {
    expect(await hasPilotAccess()).toBe(false);
    await grantPilotAccess("kiosk");
    resetStorageForTests();
    expect(await hasPilotAccess()).toBe(true);
    await revokePilotAccess("kiosk");
    expect(await hasPilotAccess()).toBe(false);
  });

  it("stays after kiosk mode ends when the device has sent a request", async () => {
    await grantPilotAccess("kiosk");
    await grantPilotAccess("request-sent");
    await grantPilotAccess("kiosk");
    await revokePilotAccess("kiosk");
    expect(await hasPilotAccess()).toBe(true);
  });

  it("does not count a damaged stored value as access", async () => {
    await writeValue(storageKeys.pilotAccess, { grantedAt: "now", reason: "guess" });
    expect(await hasPilotAccess()).toBe(false);
  });
});
