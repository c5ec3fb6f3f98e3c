/**
 * The record button as drawn before and while recording. It holds both its labels, the one not
 * shown laid out but hidden, so it is as big as the longer label whichever it shows: on a phone
 * "Остановить запись" takes two lines where "Начать запись" takes one, and a button that grew as
 * recording started moved everything under it. Its name stays the label shown. (That the box
 * keeps its size is measured in the browser: recognition.spec.ts.)
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createRef } from "react";
import { AppProviders } from "@/components/app-providers";
import { nameOf, undrawnTexts } from "@/components/unseen-text.test-support";
import { RecordingPanel } from "@/features/recognition/recording-panel";
import {
  initialRecordingState,
  type RecordingState,
} from "@/features/recognition/recording-machine";
import type { useRecognitionChoice } from "@/features/recognition/use-recognition-choice";
import { activateLanguage, loadCatalogParts } from "@/lib/i18n";

const choice: ReturnType<typeof useRecognitionChoice> = {
  choice: null,
  recordingWith: null,
  onlyOnDevice: false,
  setOnlyOnDevice: vi.fn(),
  download: { status: "idle" },
  installPack: vi.fn(),
  planFor: vi.fn(),
};

/** The record button as drawn in `status`. */
function recordButton(status: RecordingState["status"]) {
  const markup = renderToStaticMarkup(
    <AppProviders>
      <RecordingPanel
        state={{ ...initialRecordingState("ru-RU"), status }}
        supported
        choice={choice}
        onToggle={vi.fn()}
        onChooseLanguage={vi.fn()}
        onDismissProblem={vi.fn()}
        buttonRef={createRef()}
      />
    </AppProviders>,
  );
  const button = /<button[^>]*aria-describedby[^>]*>.*?<\/button>/s.exec(markup)?.[0];
  if (!button) throw new Error("No record button");
  return button;
}

describe("the record button", () => {
  beforeAll(async () => {
    await activateLanguage("ru");
    await loadCatalogParts(["recognition"]);
  });

  it("before recording, is named Start recording and keeps the room of Stop recording", () => {
    const button = recordButton("idle");
    expect(nameOf(button)).toBe("Начать запись");
    expect(undrawnTexts(button)).toEqual(["Остановить запись"]);
  });

  it("while recording, is named Stop recording and keeps the room of Start recording", () => {
    for (const status of ["starting", "recording"] as const) {
      const button = recordButton(status);
      expect(nameOf(button)).toBe("Остановить запись");
      expect(undrawnTexts(button)).toEqual(["Начать запись"]);
    }
  });
});
