import { afterEach, describe, expect, it, vi } from "vitest";
import {
  canBiasPhrases,
  checkMicrophone,
  endAfterStopMs,
  installOnDevice,
  packAnswerWaitMs,
  onDeviceAvailability,
  problemOf,
  startRecognition,
  type RecognitionHandlers,
} from "@/features/recognition/browser-speech-recognition";

describe("problemOf", () => {
  it("maps the browser's error codes to the page's alerts", () => {
    expect(problemOf("language-not-supported", true)).toBe("language-not-supported");
    expect(problemOf("not-allowed", true)).toBe("microphone");
    expect(problemOf("no-speech", true)).toBe("no-speech");
    for (const code of ["phrases-not-supported", "bad-grammar"]) {
      expect(problemOf(code, true)).toBe("recognition-failed");
    }
  });

  it("says the service could not be reached when there is a connection, not to connect", () => {
    expect(problemOf("network", false)).toBe("network");
    expect(problemOf("network", true)).toBe("service-unreachable");
  });

  it("tells recognition turned off in the browser or system from a failure to try again", () => {
    expect(problemOf("service-not-allowed", true)).toBe("service-not-allowed");
  });

  it("takes a microphone that would not record for one in use, not for a refusal", () => {
    expect(problemOf("audio-capture", true)).toBe("microphone-busy");
  });

  it("ignores an abort, which only the page itself causes", () => {
    expect(problemOf("aborted", true)).toBeNull();
  });
});

describe("checkMicrophone", () => {
  function microphoneFailing(name: string) {
    vi.stubGlobal("navigator", {
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException("", name)) },
    });
  }

  it("tells a refused, a missing and a busy microphone apart", async () => {
    for (const [name, problem] of [
      ["NotAllowedError", "microphone"],
      ["SecurityError", "microphone"],
      ["NotFoundError", "microphone-missing"],
      ["NotReadableError", "microphone-busy"],
      ["AbortError", "microphone-busy"],
    ] as const) {
      microphoneFailing(name);
      expect(await checkMicrophone(), name).toBe(problem);
    }
  });

  it("lets the microphone go at once when it can be used", async () => {
    const stop = vi.fn();
    vi.stubGlobal("navigator", {
      mediaDevices: { getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop }] }) },
    });
    expect(await checkMicrophone()).toBeNull();
    expect(stop).toHaveBeenCalledOnce();
  });
});

/** A stand-in for the browser's recognizer, with only the parts each test gives it. */
function stubRecognition(statics: Record<string, unknown> = {}, extra: object = {}) {
  const started: Record<string, unknown>[] = [];
  class Recognition {
    lang = "";
    processLocally = false;
    constructor() {
      Object.defineProperties(this, Object.getOwnPropertyDescriptors(extra));
    }
    start() {
      started.push(this as unknown as Record<string, unknown>);
    }
    stop() {}
    abort() {}
  }
  Object.assign(Recognition, statics);
  vi.stubGlobal("window", { SpeechRecognition: Recognition });
  return started;
}

const quiet: RecognitionHandlers = {
  onStart() {},
  onInterim() {},
  onFinal() {},
  onProblem() {},
  onEnd() {},
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("on-device recognition", () => {
  it("asks the browser about the language, on the device", async () => {
    const available = vi.fn(() => Promise.resolve("downloadable"));
    stubRecognition({ available });
    expect(await onDeviceAvailability("kk-KZ")).toBe("downloadable");
    expect(available).toHaveBeenCalledWith({ langs: ["kk-KZ"], processLocally: true });
  });

  it("cannot say without the API, when it fails or when the answer is unknown", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    stubRecognition();
    expect(await onDeviceAvailability("ru-RU")).toBeNull();
    stubRecognition({ available: () => Promise.reject(new DOMException("", "NotAllowedError")) });
    expect(await onDeviceAvailability("ru-RU")).toBeNull();
    stubRecognition({ available: () => Promise.resolve("maybe") });
    expect(await onDeviceAvailability("ru-RU")).toBeNull();
  });

  it("installs the language pack, and reports a failure as false", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const install = vi.fn(() => Promise.resolve(true));
    stubRecognition({ install });
    expect(await installOnDevice("ru-RU")).toBe(true);
    expect(install).toHaveBeenCalledWith({ langs: ["ru-RU"], processLocally: true });
    stubRecognition({ install: () => Promise.resolve(false) });
    expect(await installOnDevice("ru-RU")).toBe(false);
    stubRecognition({ install: () => Promise.reject(new Error("quota")) });
    expect(await installOnDevice("ru-RU")).toBe(false);
    stubRecognition();
    expect(await installOnDevice("ru-RU")).toBe(false);
  });
});

describe("a language pack's download the browser does not answer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is given up after a while: the page can say so and offer to try again", async () => {
    vi.useFakeTimers();
    // Some browsers never settle install(), whether or not the pack comes.
    stubRecognition({ install: () => new Promise<boolean>(() => undefined) });
    const installing = installOnDevice("ru-RU");
    await vi.advanceTimersByTimeAsync(packAnswerWaitMs - 1);
    expect(await Promise.race([installing, Promise.resolve("still waiting")])).toBe(
      "still waiting",
    );
    await vi.advanceTimersByTimeAsync(1);
    expect(await Promise.race([installing, Promise.resolve("still waiting")])).toBeNull();
  });

  it("is answered as before when the browser answers in time", async () => {
    vi.useFakeTimers();
    let answer: (installed: boolean) => void = () => undefined;
    const install = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    stubRecognition({ install });
    const installing = installOnDevice("ru-RU");
    // Asked at once, in the tap.
    expect(install).toHaveBeenCalledWith({ langs: ["ru-RU"], processLocally: true });
    await vi.advanceTimersByTimeAsync(packAnswerWaitMs / 2);
    answer(true);
    expect(await installing).toBe(true);
    // Its time limit goes with it.
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("startRecognition", () => {
  class Phrase {
    phrase: string;
    boost: number;
    constructor(phrase: string, boost: number) {
      this.phrase = phrase;
      this.boost = boost;
    }
  }
  const phrases = [{ phrase: "Я хочу пить", boost: 3 }];

  it("on the device, asks for processLocally and gives the phrases", () => {
    const started = stubRecognition({}, { phrases: [] });
    vi.stubGlobal("window", { ...window, SpeechRecognitionPhrase: Phrase });
    expect(canBiasPhrases()).toBe(true);
    startRecognition("ru-RU", { processLocally: true, phrases }, quiet);
    expect(started[0]).toMatchObject({ lang: "ru-RU", processLocally: true });
    expect(started[0]?.phrases).toEqual([new Phrase("Я хочу пить", 3)]);
  });

  it("online, leaves processLocally off and keeps the phrases on the device", () => {
    const started = stubRecognition({}, { phrases: [] });
    vi.stubGlobal("window", { ...window, SpeechRecognitionPhrase: Phrase });
    startRecognition("ru-RU", { processLocally: false, phrases }, quiet);
    expect(started[0]).toMatchObject({ processLocally: false, phrases: [] });
  });

  it("still starts where the browser refuses phrases", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const started = stubRecognition(
      {},
      {
        get phrases() {
          return [];
        },
        set phrases(_value: unknown) {
          throw new DOMException("no biasing here", "NotSupportedError");
        },
      },
    );
    vi.stubGlobal("window", { ...window, SpeechRecognitionPhrase: Phrase });
    startRecognition("ru-RU", { processLocally: true, phrases }, quiet);
    expect(warn).toHaveBeenCalledOnce();
    expect(started).toHaveLength(1);
  });

  it("reports a network error by whether the browser is online when it comes", () => {
    for (const [onLine, problem] of [
      [true, "service-unreachable"],
      [false, "network"],
    ] as const) {
      const started = stubRecognition();
      vi.stubGlobal("navigator", { onLine });
      const onProblem = vi.fn();
      startRecognition("ru-RU", { processLocally: false, phrases: [] }, { ...quiet, onProblem });
      const onerror = started[0]?.onerror as (event: { error: string }) => void;
      onerror({ error: "network" });
      expect(onProblem).toHaveBeenCalledWith(problem, "network");
    }
  });

  it("gives no phrases where the browser has no SpeechRecognitionPhrase", () => {
    const started = stubRecognition();
    expect(canBiasPhrases()).toBe(false);
    startRecognition("ru-RU", { processLocally: true, phrases }, quiet);
    expect(started[0]).not.toHaveProperty("phrases");
  });
});

describe("a stopped recognition that does not end", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A recogniser whose stop() and abort() are counted; it ends only when the test says so. */
  function recogniserThatHangs() {
    const started = stubRecognition();
    const calls = { stop: 0, abort: 0 };
    let ended = 0;
    const session = startRecognition(
      "ru-RU",
      { processLocally: false, phrases: [] },
      { ...quiet, onEnd: () => ended++ },
    );
    const recognition = started[0] as unknown as {
      stop(): void;
      abort(): void;
      onend: (() => void) | null;
    };
    recognition.stop = () => calls.stop++;
    recognition.abort = () => calls.abort++;
    return { session, recognition, calls, ended: () => ended };
  }

  it("is ended by the page a few seconds after Stop, and lets the microphone go", async () => {
    vi.useFakeTimers();
    const { session, calls, ended } = recogniserThatHangs();
    session.stop();
    expect(calls.stop).toBe(1);
    await vi.advanceTimersByTimeAsync(endAfterStopMs - 1);
    // Its last words may still come until then.
    expect(ended()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended()).toBe(1);
    expect(calls.abort).toBe(1);
    // Nothing more is said for it afterwards.
    session.stop();
    session.abort();
    await vi.advanceTimersByTimeAsync(endAfterStopMs);
    expect(ended()).toBe(1);
  });

  it("ends once, when the browser ends it in time", async () => {
    vi.useFakeTimers();
    const { session, recognition, calls, ended } = recogniserThatHangs();
    session.stop();
    await vi.advanceTimersByTimeAsync(endAfterStopMs / 2);
    recognition.onend?.();
    expect(ended()).toBe(1);
    await vi.advanceTimersByTimeAsync(endAfterStopMs);
    expect(ended()).toBe(1);
    expect(calls.abort).toBe(0);
  });
});
