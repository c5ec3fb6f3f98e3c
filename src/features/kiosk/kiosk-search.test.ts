import { describe, expect, it } from "vitest";
import { parseIdleSeconds, validateKioskSearch } from "@/features/kiosk/kiosk-search";

describe("kiosk provisioning link", () => {
  it("reads kiosk=on with a PIN and an idle time", () => {
    expect(validateKioskSearch({ kiosk: "on", pin: "482916", idle: 30 })).toEqual({
      kiosk: "on",
      pin: "482916",
      idle: 30,
    });
  });

  it("reads a PIN the router already turned into a number, and keeps leading zeros", () => {
    // The router JSON-parses each value: `pin=1234` arrives as 1234, `pin=0123` as "0123".
    expect(validateKioskSearch({ kiosk: "on", pin: 1234 })).toEqual({ kiosk: "on", pin: "1234" });
    expect(validateKioskSearch({ kiosk: "on", pin: "0123" })).toEqual({ kiosk: "on", pin: "0123" });
    expect(validateKioskSearch({ kiosk: "on", pin: 12345678 }).pin).toBe("12345678");
  });

  it("leaves out a PIN that is not 4 to 8 digits, so staff are asked for one", () => {
    for (const pin of ["123", 123, "123456789", "12a4", "", -1234, 12.5, " 1234", null, true]) {
      expect(validateKioskSearch({ kiosk: "on", pin })).toEqual({ kiosk: "on" });
    }
  });

  it("ignores everything without kiosk=on", () => {
    expect(validateKioskSearch({})).toEqual({});
    expect(validateKioskSearch({ kiosk: "off", pin: "1234" })).toEqual({});
    expect(validateKioskSearch({ kiosk: true, pin: "1234" })).toEqual({});
    expect(validateKioskSearch({ pin: "1234", idle: 30 })).toEqual({});
  });

  it("keeps the idle time within 10 seconds and an hour", () => {
    expect(parseIdleSeconds(120)).toBe(120);
    expect(parseIdleSeconds("45")).toBe(45);
    expect(parseIdleSeconds(2)).toBe(10);
    expect(parseIdleSeconds(0)).toBe(10);
    expect(parseIdleSeconds(86_400)).toBe(3600);
    expect(parseIdleSeconds(29.6)).toBe(30);
  });

  it("ignores an idle time that is not a number (the default applies)", () => {
    for (const idle of ["soon", "", "-5", null, undefined, Number.NaN, Infinity, {}]) {
      expect(parseIdleSeconds(idle)).toBeUndefined();
    }
    expect(validateKioskSearch({ kiosk: "on", idle: "soon" })).toEqual({ kiosk: "on" });
  });
});
