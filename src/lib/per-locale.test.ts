import { describe, expect, it } from "vitest";
import { perLocale } from "@/lib/per-locale";

describe("perLocale", () => {
  it("makes a language's value once and keeps it", () => {
    let made = 0;
    const format = perLocale((locale) => {
      made++;
      return new Intl.NumberFormat(locale);
    });
    expect(format("ru")).toBe(format("ru"));
    expect(format("en")).not.toBe(format("ru"));
    expect(made).toBe(2);
    expect(format("ru").format(1234.5)).toBe(new Intl.NumberFormat("ru").format(1234.5));
  });
});
