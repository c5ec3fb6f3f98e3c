import { describe, expect, it } from "vitest";
import { parseIdleSeconds, validateKioskSearch } from "@/features/kiosk/kiosk-search";
import { parseSearch } from "@/lib/search-params";

/** The search the home page sees: the router lays the checked values over the link's own. */
function pageSearch(search: string) {
  const fromLink = parseSearch(search);
  return { ...fromLink, ...validateKioskSearch(fromLink) };
}

describe("kiosk provisioning link", () => {
  it("reads kiosk=on with a PIN and an idle time", () => {
    expect(pageSearch("?kiosk=on&pin=482916&idle=30")).toEqual({
      kiosk: "on",
      pin: "482916",
      idle: 30,
    });
  });

  it("reads the PIN as the text in the link, leading zeros and all", () => {
    expect(pageSearch("?kiosk=on&pin=1234")).toEqual({ kiosk: "on", pin: "1234" });
    expect(pageSearch("?kiosk=on&pin=0123")).toEqual({ kiosk: "on", pin: "0123" });
    expect(pageSearch("?kiosk=on&pin=00001234")).toEqual({ kiosk: "on", pin: "00001234" });
  });

  it("leaves out a PIN that is not 4 to 8 digits as written, so staff are asked for one", () => {
    // JSON would read 1e3 as 1000 and 1234.0 as 1234: neither is what staff typed.
    for (const pin of [
      "123",
      "123456789",
      "12a4",
      "",
      "-1234",
      "12.5",
      "%201234",
      "1e3",
      "1234.0",
    ]) {
      expect(pageSearch(`?kiosk=on&pin=${pin}`)).toEqual({ kiosk: "on" });
    }
    for (const pin of [1234, null, true, ["1234"]]) {
      expect(validateKioskSearch({ kiosk: "on", pin })).toEqual({ kiosk: "on" });
    }
  });

  it("ignores everything without kiosk=on", () => {
    expect(pageSearch("")).toEqual({});
    for (const search of ["?kiosk=off&pin=1234", "?kiosk=true&pin=1234", "?pin=1234&idle=30"]) {
      const { kiosk, pin, idle } = pageSearch(search);
      expect({ kiosk, pin, idle }).toEqual({});
    }
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
    expect(pageSearch("?kiosk=on&idle=soon")).toEqual({ kiosk: "on" });
  });
});
