/**
 * What the adaptive-audio panel tells a screen reader about Create audio, rendered as the build
 * renders pages (react-dom/server, the app's providers and catalogs): the description the button
 * points to is what is read out when the button is reached.
 */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { Messages } from "@lingui/core";
import { AppProviders } from "@/components/app-providers";
import { AdaptiveAudioPanel } from "@/features/recognition/adaptive-audio-panel";
import { initialAudioState } from "@/features/recognition/audio-machine";
import { activateLanguage, withOwnCatalogPart } from "@/lib/i18n";

const nothing = () => undefined;

/** The panel with no audio yet beside `text`, as the page shows it. */
async function createAudioButton(text: string, recording: boolean) {
  await activateLanguage("en");
  await withOwnCatalogPart(
    "recognition-audio",
    import.meta.glob<{ messages: Messages }>("/locales/*/recognition-audio.po"),
    Promise.resolve(),
  );
  const markup = renderToStaticMarkup(
    <AppProviders>
      <AdaptiveAudioPanel
        state={initialAudioState}
        text={text}
        rate="normal"
        recording={recording}
        onChooseRate={nothing}
        onCreate={nothing}
        onCancel={nothing}
        onPlayingChange={nothing}
        onDismissFailure={nothing}
      />
    </AppProviders>,
  );
  const button = attributesOfButton(markup, "Create audio");
  const described = button.get("aria-describedby")?.split(" ") ?? [];
  return {
    held: button.get("aria-disabled") === "true",
    description: described.map((id) => textOfElement(markup, id)).join(" "),
  };
}

/** The attributes of the button whose text ends with `name` (after its icon). */
function attributesOfButton(markup: string, name: string): Map<string, string> {
  const button = new RegExp(`<button([^>]*)>(?:(?!</button>).)*${name}</button>`).exec(markup);
  if (!button) throw new Error(`No button named ${name}`);
  return new Map([...(button[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** The text of the element with `id` (a plain text element, as the panel's hints are). */
function textOfElement(markup: string, id: string): string {
  return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(markup)?.[1] ?? "";
}

describe("Create audio", () => {
  it("while recording is held, and says it can be used once recording stops", async () => {
    expect(await createAudioButton("Good morning", true)).toEqual({
      held: true,
      description: "You can create audio once recording stops.",
    });
  });

  it("says what it needs when there is no text", async () => {
    expect(await createAudioButton("", false)).toEqual({
      held: true,
      description: "Record or type some text first.",
    });
  });

  it("is there to use, without a description, once there is text and recording stopped", async () => {
    expect(await createAudioButton("Good morning", false)).toEqual({
      held: false,
      description: "",
    });
  });
});
