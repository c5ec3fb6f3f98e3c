import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { CacheProvider } from "@emotion/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/components/app-providers";
import { TakePaceSettings } from "@/features/talk/my-voice/take-pace-settings";
import { TaughtPhraseRow } from "@/features/talk/my-voice/taught-phrase-row";
import type { StoredExample } from "@/features/talk/my-voice/voice-examples";
import { ScanSettingsPanel } from "@/features/talk/scanning/scan-settings-panel";
import { defaultScanSettings, learnedPace } from "@/features/talk/talk-defaults";
import { lackNumbersOf } from "@/lib/numbers.test-support";
import { activateLanguage, loadCatalogParts, type LanguageCode } from "@/lib/i18n";
import { createAppEmotionCache } from "@/theme/emotion-cache";

/** The text a panel shows in `language`, with no-break spaces as spaces: what a reader sees. */
async function textIn(language: LanguageCode, panel: () => ReactNode): Promise<string> {
  await activateLanguage(language);
  await loadCatalogParts(["talk", "talk-panels"]);
  return renderToString(
    <CacheProvider value={createAppEmotionCache()}>
      <AppProviders>{panel()}</AppProviders>
    </CacheProvider>,
  )
    .replace(/<style[^>]*>.*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\u00a0|\u202f/g, " ");
}

const nothing = () => {};
const takePace = () => <TakePaceSettings pace={learnedPace} onChange={nothing} />;
const scanSettings = () => <ScanSettingsPanel settings={defaultScanSettings} onChange={nothing} />;
/** A phrase taught once, with its take kept: 1,234.5 kB of examples. */
const taughtRow = () => {
  const example: StoredExample = {
    features: { format: 1, method: "normalised", dims: 1, voicedMs: 900, frames: "" },
    origin: "taught",
    addedAt: 1,
    audio: new Blob([new Uint8Array(1_234_400)]),
  };
  const phrase = { id: "p", text: "Сәлем", category: "needs", favourite: false } as const;
  return (
    <ul>
      <TaughtPhraseRow
        phrase={phrase}
        examples={[example]}
        language="kk"
        busy={false}
        onTeach={nothing}
        onPlay={nothing}
        onForget={nothing}
      />
    </ul>
  );
};

describe("Talk's numbers in a browser that lacks the language's own", () => {
  beforeAll(() => {
    lackNumbersOf(["kk", "ky"]);
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it("write the take pace with a decimal comma", async () => {
    for (const language of ["kk", "ky"] as const) {
      const pace = await textIn(language, takePace);
      expect(pace).toContain("1,5 ");
      expect(pace).not.toMatch(/\d\.\d/);
    }
  });

  it("write the scanning speed with a decimal comma", async () => {
    for (const language of ["kk", "ky"] as const) {
      const scanning = await textIn(language, scanSettings);
      expect(scanning).toContain("0,75 ");
      expect(scanning).not.toMatch(/\d\.\d/);
    }
  });

  it("write a phrase's examples' size as the language groups and marks it", async () => {
    expect(await textIn("kk", taughtRow)).toContain("1 234,5 ");
    expect(await textIn("ky", taughtRow)).toContain("1 234,5 ");
  });

  it("leave English as it was", async () => {
    expect(await textIn("en", takePace)).toContain("1.5 s");
    expect(await textIn("en", taughtRow)).toContain("1,234.5 kB");
  });
});
