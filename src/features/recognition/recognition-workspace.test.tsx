/**
 * The workspace when the code of its text and audio panels cannot arrive (a first visit whose
 * connection dropped before the service worker had it), rendered as React renders a page that
 * waits for its parts (react-dom/static's prerender, which waits for the lazy parts to settle).
 * The recording session is a stand-in holding a draft that came back, so the panels are shown.
 */
import { describe, expect, it, vi } from "vitest";
import { prerender } from "react-dom/static";
import { AppProviders } from "@/components/app-providers";
import { initialRecordingState, recordingReducer } from "@/features/recognition/recording-machine";
import { RecognitionWorkspace } from "@/features/recognition/recognition-workspace";
import { activateLanguage } from "@/lib/i18n";

vi.mock("@/features/recognition/use-recording-session", () => ({
  useRecordingSession: () => ({
    supported: true,
    recording: recordingReducer(initialRecordingState("en-US"), {
      type: "restore",
      draft: { text: "Good morning", language: "en-US", resultsShown: true },
    }),
    dispatch: () => undefined,
    start: async () => undefined,
    stop: () => undefined,
    abort: () => undefined,
  }),
}));

// The panels' code does not come: importing either fails, as a chunk that cannot be fetched does.
vi.mock("@/features/recognition/recognized-text-panel", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});
vi.mock("@/features/recognition/adaptive-audio-panel", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

/** The text of the page the workspace makes, without Emotion's styles and React's scripts. */
async function workspaceText(): Promise<string> {
  await activateLanguage("en");
  const { prelude } = await prerender(
    <AppProviders>
      <RecognitionWorkspace makeSpeechAudio={() => Promise.reject(new Error("Not asked"))} />
    </AppProviders>,
  );
  const markup = await new Response(prelude).text();
  return markup
    .replace(/<(style|script)[^>]*>.*?<\/\1>/gs, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("the text and audio panels' code not arriving", () => {
  it("is said once, with one Try again", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const text = await workspaceText();
    expect(text.match(/Part of the page could not be loaded/g)).toHaveLength(1);
    expect(text.match(/Try again/g)).toHaveLength(1);
    // The recording panel still works.
    expect(text).toContain("Start recording");
  });
});
