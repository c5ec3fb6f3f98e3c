import type { Page } from "@playwright/test";

/*
 * Headless Chromium has no speech recognition, so the browser's recognizer is replaced, at the
 * window boundary only, by a scripted one that the test drives through `window.speechScript`.
 * Everything of the project is real: the page, IndexedDB, the microphone check (Chromium's fake
 * device) and the audio, made by the real server.
 */

export type FakeRecognizerOptions = {
  /** false: a browser without speech recognition. */
  installed: boolean;
  /** What `SpeechRecognition.available({ processLocally: true })` answers; null: no such API. */
  onDevice: "available" | "downloadable" | null;
};

type SpeechScript = {
  instances: {
    lang: string;
    continuous: boolean;
    interimResults: boolean;
    processLocally: boolean;
    state: string;
  }[];
  interim(text: string): void;
  final(text: string): void;
  fail(code: string): void;
  end(): void;
  /** When true, stop() leaves the session open until end(), as a recognizer that is finishing. */
  holdStop: boolean;
};

declare global {
  interface Window {
    speechScript: SpeechScript;
  }
}

export function installFakeRecognizer({ installed, onDevice }: FakeRecognizerOptions) {
  const w = window as unknown as Record<string, unknown>;
  if (!installed) {
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
    return;
  }
  type Result = { 0: { transcript: string; confidence: number }; length: 1; isFinal: boolean };
  const result = (transcript: string, isFinal: boolean): Result => ({
    0: { transcript, confidence: 0.9 },
    length: 1,
    isFinal,
  });

  class FakeSpeechRecognition extends EventTarget {
    lang = "";
    continuous = false;
    interimResults = false;
    maxAlternatives = 1;
    processLocally = false;
    state = "new";
    finals: Result[] = [];
    onstart: ((event: Event) => void) | null = null;
    onresult: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onend: ((event: Event) => void) | null = null;

    static available = onDevice
      ? (options: { langs: string[]; processLocally?: boolean }) =>
          Promise.resolve(options.processLocally && options.langs.length ? onDevice : "unavailable")
      : undefined;

    constructor() {
      super();
      script.instances.push(this);
    }
    start() {
      if (this.state !== "new") throw new DOMException("already started", "InvalidStateError");
      this.state = "started";
      queueMicrotask(() => this.onstart?.(new Event("start")));
    }
    stop() {
      if (this.state !== "started") return;
      this.state = "stopping";
      if (!script.holdStop) queueMicrotask(() => this.finish());
    }
    abort() {
      if (this.state === "ended") return;
      this.onerror?.({ error: "aborted", message: "" });
      this.finish();
    }
    finish() {
      if (this.state === "ended") return;
      this.state = "ended";
      this.onend?.(new Event("end"));
    }
    emit(results: Result[], resultIndex: number) {
      this.onresult?.({ resultIndex, results });
    }
  }
  if (!onDevice) delete (FakeSpeechRecognition as { available?: unknown }).available;

  const current = () => {
    const instance = script.instances.at(-1) as FakeSpeechRecognition | undefined;
    if (!instance || instance.state === "ended") throw new Error("No recognition is running");
    return instance;
  };
  const script = {
    instances: [] as FakeSpeechRecognition[],
    holdStop: false,
    interim(text: string) {
      const r = current();
      r.emit([...r.finals, result(text, false)], r.finals.length);
    },
    final(text: string) {
      const r = current();
      r.finals.push(result(text, true));
      r.emit([...r.finals], r.finals.length - 1);
    },
    fail(code: string) {
      const r = current();
      r.onerror?.({ error: code, message: `scripted ${code}` });
      r.finish();
    },
    end() {
      current().finish();
    },
  };
  w.speechScript = script;
  w.SpeechRecognition = FakeSpeechRecognition;
  w.webkitSpeechRecognition = FakeSpeechRecognition;
}

/** Installs the scripted recognizer before any page script runs. */
export async function useFakeRecognizer(page: Page, options: FakeRecognizerOptions) {
  await page.addInitScript(installFakeRecognizer, options);
}
