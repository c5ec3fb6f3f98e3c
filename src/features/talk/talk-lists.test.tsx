import { renderToString } from "react-dom/server";
import { CacheProvider } from "@emotion/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/components/app-providers";
import type { Phrase } from "@/features/talk/board/board";
import { ListeningStatus } from "@/features/talk/my-voice/my-voice-answers";
import type { HeardTake } from "@/features/talk/my-voice/voice-answer";
import { lackListsOf } from "@/lib/lists.test-support";
import { activateLanguage, loadCatalogParts } from "@/lib/i18n";
import { createAppEmotionCache } from "@/theme/emotion-cache";

/** Three phrases of a board in its language: water, thank you, yes. */
const phrasesIn = {
  az: ["Su", "Təşəkkür", "Bəli"],
  kk: ["Су", "Рақмет", "Иә"],
  ky: ["Суу", "Рахмат", "Ооба"],
  uz: ["Suv", "Rahmat", "Ha"],
  en: ["Water", "Thank you", "Yes"],
} as const;

/** What Listen shows in `language` when My voice is unsure between the board's three phrases. */
async function choicesShownIn(language: keyof typeof phrasesIn): Promise<string> {
  await activateLanguage(language);
  await loadCatalogParts(["talk", "talk-panels"]);
  const phrases: Phrase[] = phrasesIn[language].map((text, index) => ({
    id: `p${index}`,
    text,
    category: "needs",
    favourite: false,
  }));
  const take: HeardTake = {
    features: { format: 1, method: "normalised", dims: 1, voicedMs: 900, frames: "" },
  };
  return renderToString(
    <CacheProvider value={createAppEmotionCache()}>
      <AppProviders>
        <ListeningStatus
          listening={{ kind: "unsure", suggestions: ["p0", "p1", "p2"], take }}
          byId={new Map(phrases.map((phrase) => [phrase.id, phrase]))}
          keptAtLimitS={null}
          startingTooLong={false}
        />
      </AppProviders>
    </CacheProvider>,
  )
    .replace(/<style[^>]*>.*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("My voice's choices in a browser that lacks the language's list words", () => {
  beforeAll(() => {
    lackListsOf();
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it("are listed with the language's own 'or', as full locale data lists them", async () => {
    // Chromium wrote "Су, Рақмет, or Иә" in each: English's "or" inside the question.
    expect(await choicesShownIn("kk")).toContain("Су, Рақмет, не болмаса Иә?");
    expect(await choicesShownIn("ky")).toContain("Суу, Рахмат же Ооба?");
    expect(await choicesShownIn("uz")).toContain("Suv, Rahmat yoki Ha?");
    expect(await choicesShownIn("az")).toContain("Su, Təşəkkür, yaxud Bəli?");
    for (const language of ["kk", "ky", "uz", "az"] as const) {
      expect(await choicesShownIn(language), language).not.toMatch(/\bor\b/);
    }
  });

  it("leave English as it was", async () => {
    expect(await choicesShownIn("en")).toContain("Did you mean Water, Thank you, or Yes?");
  });
});
