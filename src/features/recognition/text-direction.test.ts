import { describe, expect, it } from "vitest";
import { recognitionLanguages } from "@/features/recognition/recognition-languages";
import { textDirectionOf } from "@/features/recognition/text-direction";

describe("textDirectionOf", () => {
  it.each(["ar-SA", "fa-IR", "ur-PK"])("is right to left for %s", (code) => {
    expect(textDirectionOf(code)).toBe("rtl");
  });

  it("ignores the letter case of the code", () => {
    expect(textDirectionOf("ar-sa")).toBe("rtl");
  });

  it("is left to right for every recognition language offered", () => {
    for (const { code } of recognitionLanguages) expect(textDirectionOf(code)).toBe("ltr");
  });

  it("is left to right for other Arabic-script regions not in the rule and for unknown codes", () => {
    expect(textDirectionOf("ar-EG")).toBe("ltr");
    expect(textDirectionOf("")).toBe("ltr");
  });
});
