import { css } from "@emotion/react";
import { describe, expect, it } from "vitest";
import { createAppEmotionCache } from "@/theme/emotion-cache";

function cssOf(styles: Record<string, string>): string {
  const cache = createAppEmotionCache();
  cache.compat = true;
  const serialized = css(styles);
  cache.insert(`.${cache.key}-${serialized.name}`, serialized, cache.sheet, true);
  return String(cache.inserted[serialized.name]);
}

describe("the app's Emotion cache", () => {
  it("writes declarations without the old vendor prefixes", () => {
    const css = cssOf({ display: "flex", alignItems: "center", transition: "color 1s" });
    expect(css).toContain("display:flex;align-items:center;transition:color 1s;");
    expect(css).not.toMatch(/-(webkit|ms|moz)-/);
  });

  it("still prefixes what Safari needs: user-select and hyphens", () => {
    const css = cssOf({ userSelect: "none", hyphens: "auto" });
    expect(css).toContain("-webkit-user-select:none;user-select:none;");
    expect(css).toContain("-webkit-hyphens:auto;hyphens:auto;");
  });
});
