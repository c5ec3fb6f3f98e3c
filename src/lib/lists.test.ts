import { afterEach, describe, expect, it, vi } from "vitest";
import { lackListsOf } from "@/lib/lists.test-support";

const fullData = Intl.ListFormat;
const lacking = ["az", "kk", "ky", "uz"];
const types = ["conjunction", "disjunction"] as const;

/** The module afresh: it keeps each format it makes. */
const lists = async () => {
  vi.resetModules();
  return import("@/lib/lists");
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("lists in the interface language", () => {
  it("keeps the browser's own lists where it has them", async () => {
    const { formatList } = await lists();
    expect(formatList("ru", ["A", "B", "C"], "conjunction")).toBe("A, B и C");
    expect(formatList("ru", ["A", "B", "C"], "disjunction")).toBe("A, B или C");
    expect(formatList("en", ["A", "B", "C"], "conjunction")).toBe("A, B, and C");
    expect(formatList("en", ["A", "B"], "disjunction")).toBe("A or B");
    expect(formatList("ky", ["A", "B", "C"], "disjunction")).toBe("A, B же C");
  });

  it("joins with the language's own words where the browser lacks them", async () => {
    lackListsOf();
    expect(new Intl.ListFormat("ky", { type: "disjunction" }).format(["A", "B", "C"])).toBe(
      "A, B, or C",
    );
    expect(new Intl.ListFormat(["kk", "en"], { type: "disjunction" }).format(["A", "B"])).toBe(
      "A or B",
    );
    const { formatList } = await lists();
    expect(formatList("ky", ["A", "B", "C"], "disjunction")).toBe("A, B же C");
    expect(formatList("ky", ["A", "B"], "conjunction")).toBe("A жана B");
    expect(formatList("uz", ["A", "B", "C"], "disjunction")).toBe("A, B yoki C");
    expect(formatList("uz", ["A", "B", "C"], "conjunction")).toBe("A, B va C");
    expect(formatList("az", ["A", "B", "C"], "disjunction")).toBe("A, B, yaxud C");
    expect(formatList("az", ["A", "B"], "conjunction")).toBe("A və B");
    expect(formatList("kk", ["A", "B", "C"], "disjunction")).toBe("A, B, не болмаса C");
    expect(formatList("kk", ["A", "B"], "disjunction")).toBe("A не B");
    expect(formatList("kk", ["A", "B"], "conjunction")).toBe("A және B");
    expect(formatList("en", ["A", "B", "C"], "disjunction")).toBe("A, B, or C");
  });

  it("writes there what full locale data writes, so a page drawn by the server reads the same", async () => {
    const items = ["Сәлем", "Рақмет", "Су", "Иә"];
    lackListsOf(Object.fromEntries(lacking.map((language) => [language, types])));
    const { formatList } = await lists();
    for (const language of lacking) {
      for (const type of types) {
        for (const count of [0, 1, 2, 3, 4]) {
          const some = items.slice(0, count);
          expect(formatList(language, some, type), `${language} ${type} ${count}`).toBe(
            new fullData(language, { type }).format(some),
          );
        }
      }
    }
  });
});
