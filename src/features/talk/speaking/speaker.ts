/**
 * Says text aloud on the Talk screen with the on-device engine (eSpeak NG in a Web Worker), so a
 * tap is heard at once, online or offline, without a round trip to the server. The audio plays
 * through a hidden `<audio>` element of the page's; recent phrases are kept as audio in memory, so saying one
 * again plays it straight away.
 */
import { recentAudioUrls } from "@/features/talk/speaking/audio-urls";
import {
  NothingToSpeakError,
  speechPitches,
  speechRates,
  type SpeechLanguage,
  type SpeechPitchChoice,
  type SpeechRateChoice,
} from "@/shared/speech-options";

export type SpeakRequest = {
  text: string;
  language: SpeechLanguage;
  rate: SpeechRateChoice;
  pitch: SpeechPitchChoice;
};

/** User Timing names: `npm run bench` reads the time from a tap to the first sound. */
export const tapMark = "dauys:talk-tap";
export const soundMeasure = "dauys:talk-tap-to-sound";

const cacheSize = 40;

export class StaleRequestError extends Error {
  override name = "StaleRequestError";
}

/** The sound was made and the device would not play it: not a voice missing from the device. */
export class PlaybackError extends Error {
  override name = "PlaybackError";
}

/** The on-device engine, as the app passes it in (loaded only when first needed). */
export type DeviceEngine = {
  synthesizeOnDevice(request: {
    text: string;
    language: SpeechLanguage;
    rate: number;
    pitch: number;
  }): Promise<{ wav: Uint8Array<ArrayBuffer>; durationMs: number }>;
  prepareOfflineVoices(languages: SpeechLanguage[]): Promise<void>;
};

export function createSpeaker(engine: () => Promise<DeviceEngine>, onEnded: () => void) {
  const cache = recentAudioUrls(cacheSize);
  let latest = 0;
  let disposed = false;
  let element: HTMLAudioElement | undefined;

  // One hidden <audio> in the document for the screen's speech; made on first use.
  const getAudio = () => {
    if (!element) {
      element = document.createElement("audio");
      element.hidden = true;
      element.dataset.talkAudio = "";
      // Over at its end (the browser pauses it there) and when paused from outside the page (a
      // headset's button, the phone's media controls, a call), or Stop would stay lit and switch
      // scanning's spoken cue silent. A pause of the page's own before the next phrase finds
      // that phrase already playing.
      element.onpause = () => {
        if (element?.paused) onEnded();
      };
      document.body.append(element);
    }
    return element;
  };

  async function audioUrl(request: SpeakRequest): Promise<string> {
    const key = JSON.stringify([request.language, request.rate, request.pitch, request.text]);
    const cached = cache.get(key);
    if (cached) return cached;
    const { synthesizeOnDevice } = await engine();
    const audio = await synthesizeOnDevice({
      text: request.text,
      language: request.language,
      rate: speechRates[request.rate],
      pitch: speechPitches[request.pitch],
    });
    if (audio.durationMs === 0)
      throw new NothingToSpeakError("The text has nothing to read aloud.");
    // Made after the screen closed: kept nowhere (its memory would stay for the tab's life).
    if (disposed) throw new StaleRequestError("The screen has closed.");
    return cache.keep(key, audio.wav);
  }

  return {
    /** Loads the engine and the voice for `language` now, so the first tap is quick. */
    async warm(language: SpeechLanguage): Promise<void> {
      const { prepareOfflineVoices } = await engine();
      await prepareOfflineVoices([language]);
    },

    /**
     * Speaks `request`, stopping whatever was playing. Resolves once the sound has started;
     * rejects with StaleRequestError when a newer request (or stop) came first.
     */
    async speak(request: SpeakRequest): Promise<void> {
      const id = ++latest;
      performance.clearMarks(tapMark);
      performance.mark(tapMark);
      element?.pause();
      let url: string;
      try {
        url = await audioUrl(request);
      } catch (error) {
        // A newer tap, or Stop, came while it was being made: its failure is not the one
        // playing now, and says nothing over it.
        if (id !== latest) throw new StaleRequestError("A newer request came first.");
        throw error;
      }
      if (id !== latest) throw new StaleRequestError("A newer request came first.");
      const audio = getAudio();
      audio.onplaying = () => {
        audio.onplaying = null;
        performance.clearMeasures(soundMeasure);
        performance.measure(soundMeasure, tapMark);
      };
      audio.src = url;
      try {
        await audio.play();
      } catch (error) {
        // A newer tap, or Stop, paused it before it began: not a failure to say.
        if (id !== latest) throw new StaleRequestError("A newer request came first.");
        throw new PlaybackError("The device did not play the sound.", { cause: error });
      }
    },

    stop() {
      latest++;
      if (element) {
        element.pause();
        element.currentTime = 0;
      }
    },

    /** Stops, and frees the audio element and the kept audio (the screen is closing). */
    dispose() {
      disposed = true;
      this.stop();
      element?.remove();
      element = undefined;
      cache.clear();
    },
  };
}

export type Speaker = ReturnType<typeof createSpeaker>;
