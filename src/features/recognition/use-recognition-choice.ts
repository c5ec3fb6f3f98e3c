/**
 * Where the voice is recognised for the chosen language (recognition-choice.ts), kept up to
 * date: the browser is asked about on-device recognition whenever the language changes, the
 * "Only recognise on this device" setting is kept on the device, and the language pack is
 * downloaded on request. A recording starts from `planFor`, which waits for the answers still
 * on their way, so a tap before they came is never sent the wrong way.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { RecognitionPlan } from "@/features/recognition/browser-speech-recognition";
import {
  browserRecognitionIfLoaded,
  loadBrowserRecognition,
} from "@/features/recognition/speech-recognition-support";
import {
  chooseRecognition,
  packDownloadAfter,
  packDownloadState,
  voiceDestinationOf,
  type PackAnswer,
  type PackDownload,
  type RecognitionChoice,
} from "@/features/recognition/recognition-choice";
import { readValue, storageKeys, writeValue } from "@/lib/storage";
import type { BiasPhrase } from "@/features/recognition/bias-phrases";
import { speechLanguageOf, type SpeechLanguage } from "@/shared/speech-options";

export type RecognitionSettings = { onlyOnDevice: boolean };

/**
 * The user's Talk phrases as hints for on-device recognition. Their code comes when recognition
 * on the device first starts, not with the page (bench:pages' route budget).
 */
async function talkPhraseHints(language: SpeechLanguage): Promise<BiasPhrase[]> {
  const [{ biasPhrasesFor }, { readSavedTalkPhrases }] = await Promise.all([
    import("@/features/recognition/bias-phrases"),
    import("@/lib/saved-talk-phrases"),
  ]);
  return biasPhrasesFor(await readSavedTalkPhrases(), language);
}

function parseSettings(value: unknown): RecognitionSettings {
  const onlyOnDevice =
    typeof value === "object" && value !== null && "onlyOnDevice" in value
      ? value.onlyOnDevice === true
      : false;
  return { onlyOnDevice };
}

export function useRecognitionChoice(language: string, supported: boolean) {
  const [settings, setSettings] = useState<RecognitionSettings | null>(null);
  const [answer, setAnswer] = useState<PackAnswer | null>(null);
  const [download, setDownload] = useState<PackDownload>({ status: "idle" });
  // Where the recording started last sends the voice: while it runs, a pack that comes (or a
  // setting changed elsewhere) is for the next one.
  const [recordingWith, setRecordingWith] = useState<RecognitionChoice | null>(null);
  const settingsRead = useRef<Promise<RecognitionSettings> | null>(null);
  const asking = useRef<{ language: string; answer: Promise<PackAnswer> } | null>(null);
  const current = useRef({ settings, language });
  useEffect(() => {
    current.current = { settings, language };
  }, [settings, language]);

  function ask(forLanguage: string): Promise<PackAnswer> {
    const pending = loadBrowserRecognition()
      .then((browser) => browser.onDeviceAvailability(forLanguage))
      .then(
        (onDevice) => {
          const fresh = { language: forLanguage, onDevice };
          // Only the latest question's answer is shown.
          if (asking.current?.answer === pending) setAnswer(fresh);
          return fresh;
        },
        (error: unknown) => {
          // The recogniser's code did not come: the next question asks again.
          if (asking.current?.answer === pending) asking.current = null;
          throw error;
        },
      );
    asking.current = { language: forLanguage, answer: pending };
    return pending;
  }

  useEffect(() => {
    const read = readValue<unknown>(storageKeys.recognitionSettings).then(parseSettings);
    settingsRead.current = read;
    let cancelled = false;
    void read.then((stored) => {
      if (!cancelled) setSettings((now) => now ?? stored);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const askInEffect = useEffectEvent((forLanguage: string) => {
    // Should the code not come, Start recording asks again (and says so if it fails).
    ask(forLanguage).catch((error: unknown) => {
      console.warn("The recogniser's code did not load:", error);
    });
  });
  useEffect(() => {
    if (supported) askInEffect(language);
  }, [language, supported]);

  const { installing, checkAgainMs, shown } = packDownloadState(download, answer, language);
  const checkDownload = useEffectEvent((forLanguage: string) => {
    ask(forLanguage).then(
      ({ onDevice }) => setDownload((now) => packDownloadAfter(now, forLanguage, onDevice)),
      (error: unknown) => console.warn("The recogniser's code did not load:", error),
    );
  });
  // Each answer (a new object) sets the next check, until the pack is no longer on its way.
  useEffect(() => {
    if (checkAgainMs === null) return;
    const timer = setTimeout(() => checkDownload(language), checkAgainMs);
    return () => clearTimeout(timer);
  }, [checkAgainMs, answer, language]);
  const known = answer?.language === language && settings !== null;
  const choice: RecognitionChoice | null = !supported
    ? chooseRecognition({ recognition: false, onDevice: null }, false)
    : known
      ? chooseRecognition(
          { recognition: true, onDevice: installing ? "downloading" : answer.onDevice },
          settings.onlyOnDevice,
        )
      : null;

  function setOnlyOnDevice(onlyOnDevice: boolean) {
    setSettings({ onlyOnDevice });
    void writeValue<RecognitionSettings>(storageKeys.recognitionSettings, { onlyOnDevice });
  }

  /** Downloads the chosen language's pack; call it from the tap itself. */
  function installPack() {
    const forLanguage = language;
    setDownload({ status: "installing", language: forLanguage });
    // Asked in the tap itself when the recogniser's code has come (it comes as the page starts).
    const loaded = browserRecognitionIfLoaded();
    const installing = loaded
      ? loaded.installOnDevice(forLanguage)
      : loadBrowserRecognition().then((browser) => browser.installOnDevice(forLanguage));
    // Only this download's own state: another language's may have started meanwhile.
    const finished = (status: "idle" | "failed" | "unconfirmed") =>
      setDownload((now) =>
        now.status === "installing" && now.language === forLanguage
          ? status === "idle"
            ? { status }
            : { status, language: forLanguage }
          : now,
      );
    void installing.then(
      async (installed) => {
        // Not answered in time: the page stops saying "Downloading…" and offers to try again.
        if (installed === null) return finished("unconfirmed");
        // The page may show another language by now: its question must stay the latest.
        const after =
          current.current.language === forLanguage
            ? (await ask(forLanguage)).onDevice
            : await (await loadBrowserRecognition()).onDeviceAvailability(forLanguage);
        finished(installed && after === "available" ? "idle" : "failed");
      },
      // The recogniser's code did not come.
      () => finished("failed"),
    );
  }

  /**
   * How to recognise `forLanguage` now, once the setting and the browser's answer are in; null
   * when the voice may go nowhere (the user refuses the online service and the device cannot).
   */
  async function planFor(forLanguage: string): Promise<RecognitionPlan | null> {
    setRecordingWith(null);
    const { onlyOnDevice } = current.current.settings ??
      (await settingsRead.current) ?? { onlyOnDevice: false };
    // Asked afresh at every start: the pack may have come since (another tab, the browser by
    // itself) or gone (removed in the browser's settings).
    const { onDevice } = await ask(forLanguage);
    const chosen = chooseRecognition({ recognition: true, onDevice }, onlyOnDevice);
    setRecordingWith(chosen);
    const destination = voiceDestinationOf(chosen);
    if (destination === "nowhere") return null;
    if (destination === "online") return { processLocally: false, phrases: [] };
    const speechLanguage = speechLanguageOf(forLanguage);
    const { canBiasPhrases } = await loadBrowserRecognition();
    const phrases = speechLanguage && canBiasPhrases() ? await talkPhraseHints(speechLanguage) : [];
    return { processLocally: true, phrases };
  }

  return {
    choice,
    recordingWith,
    onlyOnDevice: settings?.onlyOnDevice ?? false,
    setOnlyOnDevice,
    download: shown,
    installPack,
    planFor,
  };
}
