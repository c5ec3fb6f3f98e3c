import { renderToString } from "react-dom/server";
import { CacheProvider } from "@emotion/react";
import { describe, expect, it } from "vitest";
import { AppProviders } from "@/components/app-providers";
import { SymbolCredits } from "@/features/marketing/symbol-credits";
import { activateLanguage, loadCatalogParts } from "@/lib/i18n";
import { createAppEmotionCache } from "@/theme/emotion-cache";

describe("the About page's picture credits", () => {
  it("show, as they say to screen readers, that their links open a new tab", async () => {
    await activateLanguage("en");
    await loadCatalogParts(["marketing"]);
    const markup = renderToString(
      <CacheProvider value={createAppEmotionCache()}>
        <AppProviders>
          <SymbolCredits />
        </AppProviders>
      </CacheProvider>,
    );
    const links = [...markup.matchAll(/<a\b[^>]*>.*?<\/a>/g)].map(([link]) => link);
    expect(links.map((link) => /href="([^"]+)"/.exec(link)?.[1])).toEqual([
      "https://openmoji.org/",
      "https://creativecommons.org/licenses/by-sa/4.0/",
    ]);
    for (const link of links) {
      expect(link).toContain('target="_blank"');
      expect(link).toContain("(opens in a new tab)");
      // The new-tab icon the app's other such links show, hidden from screen readers (the
      // words say it there).
      expect(link).toMatch(/<svg[^>]*aria-hidden="true"[^>]*data-testid="OpenInNewIcon"/);
    }
  });
});
