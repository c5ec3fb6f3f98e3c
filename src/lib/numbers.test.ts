import { afterEach, describe, expect, it, vi } from "vitest";
import { lackNumbersOf } from "@/lib/numbers.test-support";

const fullData = Intl.NumberFormat;
const lacking = ["az", "kk", "ky", "uz"];

/** The module afresh: it keeps each format it makes. */
const numbers = async () => {
  vi.resetModules();
  return import("@/lib/numbers");
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("numbers in the interface language", () => {
  it("keeps the browser's own numbers where it has them", async () => {
    const { formatNumber } = await numbers();
    expect(formatNumber("ru", 12345.5)).toBe("12\u00a0345,5");
    expect(formatNumber("ru", 0.98, { style: "percent" })).toBe("98\u00a0%");
    expect(formatNumber("en", 12345.5)).toBe("12,345.5");
    expect(formatNumber("kk", 3e8, { notation: "compact" })).toBe("300\u00a0млн");
  });

  it("writes the language's own decimal mark and groups where the browser lacks them", async () => {
    lackNumbersOf(lacking);
    expect(new Intl.NumberFormat("kk").format(1.5)).toBe("1.5");
    const { formatNumber } = await numbers();
    expect(formatNumber("kk", 1.5, { maximumFractionDigits: 1 })).toBe("1,5");
    expect(formatNumber("ky", 0.75, { maximumFractionDigits: 2 })).toBe("0,75");
    expect(formatNumber("uz", 12345.5)).toBe("12\u00a0345,5");
    expect(formatNumber("az", 12345.5)).toBe("12.345,5");
    expect(formatNumber("en", 12345.5)).toBe("12,345.5");
  });

  it("writes there what full locale data writes, so a page drawn by the server reads the same", async () => {
    const cases: [number, Intl.NumberFormatOptions?][] = [
      [12345.5],
      [1234567.25, { maximumFractionDigits: 1 }],
      [0.5, { maximumFractionDigits: 2 }],
      [58],
      [0.98, { style: "percent" }],
    ];
    lackNumbersOf(lacking);
    const { formatNumber } = await numbers();
    for (const language of lacking) {
      for (const [value, options] of cases) {
        expect(formatNumber(language, value, options)).toBe(
          new fullData(language, options).format(value),
        );
      }
    }
  });
});
