/**
 * What the adaptive-audio panel tells a screen reader about Create audio, rendered as the build
 * renders pages (react-dom/server, the app's providers and catalogs): the description the button
 * points to is what is read out when the button is reached.
 */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { Messages } from "@lingui/core";
import { AppProviders } from "@/components/app-providers";
import { buttonsOf, undrawnTexts } from "@/components/unseen-text.test-support";
import { AdaptiveAudioPanel } from "@/features/recognition/adaptive-audio-panel";
import {
  initialAudioState,
  type GenerationFailure,
  type SavedAudio,
} from "@/features/recognition/audio-machine";
import { activateLanguage, withOwnCatalogPart } from "@/lib/i18n";

const nothing = () => undefined;

const madeAudio = (text: string): SavedAudio => ({
  blob: new Blob(["RIFF"], { type: "audio/wav" }),
  text,
  language: "en-US",
  rate: "normal",
  createdAt: "2025-01-01T00:00:00.000Z",
});

/**
 * The panel's markup with no audio yet beside `text`, after `failure` if one is given; or with
 * its audio made, playing or not.
 */
async function panelMarkup(
  text: string,
  recording: boolean,
  failure?: GenerationFailure,
  made?: { playing: boolean },
) {
  await activateLanguage("en");
  await withOwnCatalogPart(
    "recognition-audio",
    import.meta.glob<{ messages: Messages }>("/locales/*/recognition-audio.po"),
    Promise.resolve(),
  );
  return renderToStaticMarkup(
    <AppProviders>
      <AdaptiveAudioPanel
        state={{
          ...initialAudioState,
          failure: failure ?? null,
          ...(made ? { status: "ready", audio: madeAudio(text), playing: made.playing } : {}),
        }}
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
}

/** The panel with no audio yet beside `text`, as the page shows it. */
async function createAudioButton(text: string, recording: boolean) {
  const markup = await panelMarkup(text, recording);
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

describe("a failure to make the audio", () => {
  /** The text of the panel's alert after `failure`. */
  async function failureAlert(failure: GenerationFailure) {
    // Without the styles Emotion writes beside the elements.
    const markup = (await panelMarkup("Good morning", false, failure)).replace(
      /<style[^>]*>.*?<\/style>/g,
      "",
    );
    // The alert's words come before its Close button.
    const alert = /role="alert"[^>]*>(.*?)<button/.exec(markup)?.[1] ?? "";
    return alert.replace(/<[^>]+>/g, "");
  }

  it("after a server error, with the voice not saved here, says to try again and that saving the voice helps", async () => {
    expect(await failureAlert("server-failed-no-voice")).toBe(
      "The audio could not be generated. Please try again. To make audio on this device when the server cannot, press “Save voice for offline use”.",
    );
  });

  it("says only to try again where saving the voice would not help", async () => {
    expect(await failureAlert("not-generated")).toBe(
      "The audio could not be generated. Please try again.",
    );
  });
});

describe("Play", () => {
  it("is named Play, or Pause while the audio plays, keeping the room of its other label", async () => {
    for (const [playing, shown, other] of [
      [false, "Play", "Pause"],
      [true, "Pause", "Play"],
    ] as const) {
      const markup = await panelMarkup("Good morning", false, undefined, { playing });
      const play = buttonsOf(markup).find(({ name }) => name === shown);
      expect(play).toBeDefined();
      expect(undrawnTexts(play!.button)).toEqual([other]);
    }
  });
});
