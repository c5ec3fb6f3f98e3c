import { describe, expect, it } from "vitest";
import {
  checkPin,
  hashPin,
  lockedUntil,
  maxWrongPins,
  pinLockoutMs,
  verifyPin,
  type PinAttempts,
  type PinHash,
} from "@/features/kiosk/kiosk-pin";

// Fewer rounds than in the app keep the tests quick; the algorithm is the same.
const rounds = 1000;
const now = 1_700_000_000_000;

async function stored(pin: string): Promise<PinHash & PinAttempts> {
  return { ...(await hashPin(pin, rounds)), failedAttempts: 0, lockedUntil: null };
}

describe("kiosk PIN", () => {
  it("keeps a salted hash, never the PIN", async () => {
    const first = await hashPin("2468", rounds);
    const second = await hashPin("2468", rounds);
    expect(JSON.stringify(first)).not.toContain("2468");
    expect(first.salt).not.toBe(second.salt);
    expect(first.pinHash).not.toBe(second.pinHash);
    expect(first.pinIterations).toBe(rounds);
    expect(atob(first.pinHash)).toHaveLength(32);
  });

  it("uses PBKDF2 with many rounds by default", async () => {
    expect((await hashPin("2468")).pinIterations).toBeGreaterThanOrEqual(100_000);
  });

  it("accepts the right PIN and refuses others", async () => {
    const hash = await hashPin("01234567", rounds);
    expect(await verifyPin("01234567", hash)).toBe(true);
    expect(await verifyPin("1234567", hash)).toBe(false);
    expect(await verifyPin("01234568", hash)).toBe(false);
    expect(await verifyPin("", hash)).toBe(false);
  });

  it("counts wrong PINs and says how many tries are left", async () => {
    let setting = await stored("2468");
    for (let attempt = 1; attempt < maxWrongPins; attempt++) {
      const { check, next } = await checkPin("1111", setting, now);
      expect(check).toEqual({ outcome: "refused", attemptsLeft: maxWrongPins - attempt });
      expect(next.failedAttempts).toBe(attempt);
      setting = next;
    }
  });

  it("locks for five minutes after five wrong PINs, even against the right one", async () => {
    let setting = await stored("2468");
    for (let attempt = 1; attempt < maxWrongPins; attempt++) {
      setting = (await checkPin("1111", setting, now)).next;
    }
    const fifth = await checkPin("1111", setting, now);
    expect(fifth.check).toEqual({ outcome: "locked", until: now + pinLockoutMs });
    expect(fifth.next.lockedUntil).toBe(now + pinLockoutMs);
    setting = fifth.next;

    expect(lockedUntil(setting, now + pinLockoutMs - 1)).toBe(now + pinLockoutMs);
    const duringLockout = await checkPin("2468", setting, now + 60_000);
    expect(duringLockout.check).toEqual({ outcome: "locked", until: now + pinLockoutMs });
    expect(duringLockout.next).toBe(setting);

    expect(lockedUntil(setting, now + pinLockoutMs)).toBeNull();
    const afterLockout = await checkPin("2468", setting, now + pinLockoutMs);
    expect(afterLockout.check).toEqual({ outcome: "accepted" });
    expect(afterLockout.next).toMatchObject({ failedAttempts: 0, lockedUntil: null });
  });

  it("gives five new tries after a lockout, then locks again", async () => {
    let setting = await stored("2468");
    for (let attempt = 0; attempt < maxWrongPins; attempt++) {
      setting = (await checkPin("1111", setting, now)).next;
    }
    const later = now + pinLockoutMs;
    const { check } = await checkPin("1111", setting, later);
    expect(check).toEqual({ outcome: "refused", attemptsLeft: maxWrongPins - 1 });
  });

  it("forgets earlier wrong tries once the right PIN is given", async () => {
    const setting = (await checkPin("1111", await stored("2468"), now)).next;
    expect(setting.failedAttempts).toBe(1);
    const { check, next } = await checkPin("2468", setting, now);
    expect(check).toEqual({ outcome: "accepted" });
    expect(next.failedAttempts).toBe(0);
  });
});
