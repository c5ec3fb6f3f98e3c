import { renderToString } from "react-dom/server";
import { CacheProvider } from "@emotion/react";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/components/app-providers";
import { LanguagesGrid } from "@/features/marketing/languages-grid";
import { StatsSection } from "@/features/marketing/stats-section";
import { activateLanguage, loadCatalogParts, type LanguageCode } from "@/lib/i18n";
import { lackNumbersOf } from "@/lib/numbers.test-support";
import { createAppEmotionCache } from "@/theme/emotion-cache";

/** The text a section shows, drawn as the page draws it in `language`. */
async function textIn(language: LanguageCode, section: () => React.ReactNode): Promise<string> {
  await activateLanguage(language);
  await loadCatalogParts(["marketing"]);
  const markup = renderToString(
    <CacheProvider value={createAppEmotionCache()}>
      <AppProviders>{section()}</AppProviders>
    </CacheProvider>,
  );
  // The text only, with no-break spaces as spaces: what a reader sees.
  return markup
    .replace(/<style[^>]*>.*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\u00a0|\u202f/g, " ");
}

describe("the marketing pages' numbers", () => {
  it("are written as the interface language writes them, not in English", async () => {
    const aboutRu = await textIn("ru", () => <LanguagesGrid />);
    expect(aboutRu).toContain("300 млн+");
    expect(aboutRu).not.toContain("300M");
    expect(await textIn("uz", () => <LanguagesGrid />)).toContain("300 mln+");
    expect(await textIn("en", () => <LanguagesGrid />)).toContain("300M+");

    const homeRu = await textIn("ru", () => <StatsSection />);
    expect(homeRu).toContain("98 %");
    expect(homeRu).toContain("6+");
    expect(await textIn("en", () => <StatsSection />)).toContain("98%");
  });

  it("read in a browser that lacks the language's numbers as the server drew them", async () => {
    const lacking = ["az", "kk", "ky", "uz"] as const;
    const sections = [() => <LanguagesGrid />, () => <StatsSection />];
    const drawn = [];
    for (const language of lacking) {
      for (const section of sections) drawn.push(await textIn(language, section));
    }
    lackNumbersOf(lacking);
    try {
      const read = [];
      for (const language of lacking) {
        for (const section of sections) read.push(await textIn(language, section));
      }
      expect(read).toEqual(drawn);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
