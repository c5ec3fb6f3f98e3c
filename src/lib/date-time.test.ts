import { describe, expect, it } from "vitest";
import { dateAndTime, timeOfDay } from "@/lib/date-time";

const evening = new Date(2026, 11, 6, 18, 42);

describe("dates and times in the interface language", () => {
  it("keeps the language's own words where the browser has them", () => {
    expect(dateAndTime("ru").format(evening)).toMatch(/^6 дек\.? 2026/);
    expect(dateAndTime("en").format(evening)).toMatch(/^Dec 6, 2026, 6:42\sPM$/);
    expect(timeOfDay("en").format(evening)).toMatch(/^6:42\sPM$/);
  });

  it("writes dates in numbers, on a 24-hour clock, where the browser lacks the language", () => {
    // A language no browser has, as Chromium lacks Kyrgyz (its dates came out in English).
    expect(dateAndTime("xx").format(evening)).toBe("06.12.2026, 18:42");
    expect(timeOfDay("xx").format(evening)).toBe("18:42");
  });
});
