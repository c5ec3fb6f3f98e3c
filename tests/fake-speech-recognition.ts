import type { Page } from "@playwright/test";

/*
 * Headless Chromium has no speech recognition, so the browser's recognizer is replaced, at the
 * window boundary only, by a scripted one that the test drives through `window.speechScript`.
 * Everything of the project is real: the page, IndexedDB, the microphone check (Chromium's fake
 * device) and the audio, made by the real server.
 */

type Availability = "available" | "downloadable" | "downloading" | "unavailable";

export type FakeRecognizerOptions = {
  /** false: a browser without speech recognition. */
  installed: boolean;
  /**
   * What `SpeechRecognition.available({ langs, processLocally: true })` answers for a language
   * whose pack was not installed here; null: no such API (and no `install`).
   */
  onDevice: Availability | null;
  /** Whether `SpeechRecognitionPhrase` and `recognition.phrases` exist; default false. */
  phrases?: boolean;
};

type InstallCall = { langs: string[]; processLocally: boolean };

type SpeechScript = {
  instances: {
    lang: string;
    continuous: boolean;
    interimResults: boolean;
    processLocally: boolean;
    state: string;
    /** Only where phrases are supported. */
    phrases?: { phrase: string; boost: number }[];
  }[];
  /** Every `install()` call, in order. */
  installs: InstallCall[];
  /** Ends the pending `install()`: true installs the pack, false fails. */
  finishInstall(installed: boolean): void;
  /** A pack the browser got without this page (another tab's download, its own retry). */
  packArrives(lang: string): void;
  /** What `available()` was asked, in order. */
  availabilityQuestions: InstallCall[];
  interim(text: string): void;
  final(text: string): void;
  fail(code: string): void;
  end(): void;
  /** When true, stop() leaves the session open until end(), as a recognizer that is finishing. */
  holdStop: boolean;
  /** When true, start() does not say it has started until begin(), as a slow microphone. */
  holdStart: boolean;
  begin(): void;
};

declare global {
  interface Window {
    speechScript: SpeechScript;
  }
}

export function installFakeRecognizer({
  installed,
  onDevice,
  phrases = false,
}: FakeRecognizerOptions) {
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

    declare phrases?: FakeSpeechRecognitionPhrase[];

    static available(options: { langs: string[]; processLocally?: boolean }) {
      script.availabilityQuestions.push({
        langs: [...options.langs],
        processLocally: options.processLocally === true,
      });
      if (!options.processLocally || !options.langs.length) return Promise.resolve("unavailable");
      const status = options.langs.map((lang) =>
        installedPacks.has(lang)
          ? "available"
          : pendingInstall?.langs.includes(lang)
            ? "downloading"
            : onDevice,
      );
      for (const answer of ["unavailable", "downloadable", "downloading"] as const) {
        if (status.includes(answer)) return Promise.resolve(answer);
      }
      return Promise.resolve("available");
    }

    static install(options: { langs: string[]; processLocally?: boolean }) {
      const call = { langs: [...options.langs], processLocally: options.processLocally === true };
      script.installs.push(call);
      if (!call.processLocally || onDevice === "unavailable") return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        pendingInstall = {
          langs: call.langs,
          finish(ok) {
            pendingInstall = null;
            if (ok) for (const lang of call.langs) installedPacks.add(lang);
            resolve(ok);
          },
        };
      });
    }

    constructor() {
      super();
      if (phrases) this.phrases = [];
      script.instances.push(this);
    }
    start() {
      if (this.state !== "new") throw new DOMException("already started", "InvalidStateError");
      this.state = "started";
      if (!script.holdStart) queueMicrotask(() => this.onstart?.(new Event("start")));
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
  if (!onDevice) {
    delete (FakeSpeechRecognition as { available?: unknown }).available;
    delete (FakeSpeechRecognition as { install?: unknown }).install;
  }

  /** As the draft specifies: a phrase and its boost, from 0 to 10. */
  class FakeSpeechRecognitionPhrase {
    phrase: string;
    boost: number;
    constructor(phrase: string, boost = 1) {
      if (!phrase || !(boost >= 0 && boost <= 10)) {
        throw new DOMException("bad phrase or boost", "SyntaxError");
      }
      this.phrase = phrase;
      this.boost = boost;
    }
  }

  const installedPacks = new Set<string>();
  let pendingInstall: { langs: string[]; finish(ok: boolean): void } | null = null;

  const current = () => {
    const instance = script.instances.at(-1) as FakeSpeechRecognition | undefined;
    if (!instance || instance.state === "ended") throw new Error("No recognition is running");
    return instance;
  };
  const script = {
    instances: [] as FakeSpeechRecognition[],
    installs: [] as InstallCall[],
    availabilityQuestions: [] as InstallCall[],
    finishInstall(ok: boolean) {
      if (!pendingInstall) throw new Error("No language pack is being installed");
      pendingInstall.finish(ok);
    },
    packArrives(lang: string) {
      installedPacks.add(lang);
    },
    holdStop: false,
    holdStart: false,
    begin() {
      current().onstart?.(new Event("start"));
    },
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
  if (phrases) w.SpeechRecognitionPhrase = FakeSpeechRecognitionPhrase;
  else delete w.SpeechRecognitionPhrase;
}

/** Installs the scripted recognizer before any page script runs. */
export async function useFakeRecognizer(page: Page, options: FakeRecognizerOptions) {
  await page.addInitScript(installFakeRecognizer, options);
}
