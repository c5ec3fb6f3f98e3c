/**
 * The spoken cue: the name of each row or button as the highlight reaches it, short and quick,
 * said by the same on-device engine Talk speaks with (so it works offline and in all six
 * languages), through an audio element of its own that the phrases' never waits for.
 */
import { recentAudioUrls } from "@/features/talk/speaking/audio-urls";
import type { DeviceEngine } from "@/features/talk/speaking/speaker";
import { speechPitches, speechRates, type SpeechLanguage } from "@/shared/speech-options";

const cacheSize = 60;

/** The most a cue says: a row's names beyond it would still be said when the highlight moved on. */
const longestCue = 80;

/**
 * What a cue says of `text`: all of it when short, else as many whole names (a row's buttons, one
 * after another) or whole words as fit, never a word cut in two.
 */
export function cueWords(text: string): string {
  const words = text.replace(/\s+/g, " ").trim();
  if (words.length <= longestCue) return words;
  const cut = words.slice(0, longestCue + 1);
  const end = [cut.lastIndexOf(", "), cut.lastIndexOf(" ")].find((at) => at > 0);
  return end === undefined ? cut.slice(0, longestCue) : cut.slice(0, end).replace(/,$/, "");
}

export function createScanCue(engine: () => Promise<DeviceEngine>) {
  const cache = recentAudioUrls(cacheSize);
  let latest = 0;
  let audio: HTMLAudioElement | undefined;

  async function urlFor(text: string, language: SpeechLanguage): Promise<string | null> {
    const key = `${language}:${text}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const { synthesizeOnDevice } = await engine();
    const spoken = await synthesizeOnDevice({
      text,
      language,
      rate: speechRates.fast,
      pitch: speechPitches.normal,
    });
    if (spoken.durationMs === 0) return null;
    return cache.keep(key, spoken.wav);
  }

  return {
    /** Names `text` aloud, cutting off the cue before; a cue that cannot be said is skipped. */
    async say(text: string, language: SpeechLanguage): Promise<void> {
      const id = ++latest;
      audio?.pause();
      const words = cueWords(text);
      if (!words) return;
      const url = await urlFor(words, language).catch(() => null);
      if (!url || id !== latest) return;
      if (!audio) {
        audio = document.createElement("audio");
        audio.hidden = true;
        audio.dataset.scanCue = "";
        document.body.append(audio);
      }
      audio.src = url;
      await audio.play().catch(() => undefined);
    },
    stop() {
      latest++;
      audio?.pause();
    },
    dispose() {
      this.stop();
      audio?.remove();
      audio = undefined;
      cache.clear();
    },
  };
}

export type ScanCue = ReturnType<typeof createScanCue>;
