/**
 * Where the voice is recognised, decided from what the browser reports and the user's setting
 * "Only recognise on this device". On the device when the browser has the language installed;
 * an offer to download its language pack when the browser can; the browser's online service
 * (which the page names, since the voice leaves the device) when that is all there is and the
 * user allows it; otherwise nowhere, and the user types.
 */

/** What `SpeechRecognition.available({ langs, processLocally: true })` answered. */
export type OnDeviceAvailability = "available" | "downloadable" | "downloading" | "unavailable";

export type BrowserRecognition = {
  /** Whether the browser has speech recognition at all. */
  recognition: boolean;
  /** Its answer for the chosen language; null when it cannot say (no such API, or it failed). */
  onDevice: OnDeviceAvailability | null;
};

/** Where the voice would go if recording started now. */
export type VoiceDestination = "device" | "online" | "nowhere";

export type RecognitionChoice =
  | { kind: "on-device" }
  /** The language pack can be downloaded (or is downloading); `meanwhile` is until it is in. */
  | { kind: "install"; downloading: boolean; meanwhile: "online" | "nowhere" }
  | { kind: "online" }
  | { kind: "none"; reason: "no-recognition" | "only-on-device" };

export function chooseRecognition(
  browser: BrowserRecognition,
  onlyOnDevice: boolean,
): RecognitionChoice {
  if (!browser.recognition) return { kind: "none", reason: "no-recognition" };
  const meanwhile = onlyOnDevice ? "nowhere" : "online";
  switch (browser.onDevice) {
    case "available":
      return { kind: "on-device" };
    case "downloadable":
    case "downloading":
      return { kind: "install", downloading: browser.onDevice === "downloading", meanwhile };
    case "unavailable":
    case null:
      return onlyOnDevice ? { kind: "none", reason: "only-on-device" } : { kind: "online" };
  }
}

export function voiceDestinationOf(choice: RecognitionChoice): VoiceDestination {
  switch (choice.kind) {
    case "on-device":
      return "device";
    case "online":
      return "online";
    case "install":
      return choice.meanwhile === "online" ? "online" : "nowhere";
    case "none":
      return "nowhere";
  }
}

/** What the browser answered about recognising `language` on the device. */
export type PackAnswer = { language: string; onDevice: OnDeviceAvailability | null };

/**
 * A language pack's download this page asked for: "unconfirmed" when the browser did not answer
 * in time (browser-speech-recognition.ts, `installOnDevice`), which may still finish.
 */
export type PackDownload =
  | { status: "idle" }
  | { status: "installing"; language: string }
  | { status: "failed" | "unconfirmed"; language: string };

/** While a language pack is on its way, how often the page asks the browser whether it is in. */
export const packCheckMs = 3000;

/**
 * The chosen `language`'s pack download as the page shows it, and whether to ask the browser again
 * in `packCheckMs` (null: no need). A pack is on its way when the browser is downloading it on its
 * own (asked for earlier, or by another tab), or this page's install() is unanswered, which some
 * browsers leave so even once the pack is in: asked again until it is in. A download that failed,
 * or that the browser did not confirm, is told of until the pack has come after all.
 */
export function packDownloadState(
  download: PackDownload,
  answer: PackAnswer | null,
  language: string,
) {
  const forLanguage = download.status !== "idle" && download.language === language;
  const installing = forLanguage && download.status === "installing";
  const unconfirmed = forLanguage && download.status === "unconfirmed";
  const said = answer?.language === language ? answer.onDevice : null;
  const onItsWay =
    installing || unconfirmed || (said === "downloading" && download.status !== "installing");
  const failed = forLanguage && download.status !== "installing" && said !== "available";
  return {
    installing,
    checkAgainMs: onItsWay ? packCheckMs : null,
    shown: installing || failed ? download : ({ status: "idle" } as const),
  };
}

/** The download once the browser has answered `onDevice` for `language`: a pack in ends it. */
export function packDownloadAfter(
  download: PackDownload,
  language: string,
  onDevice: OnDeviceAvailability | null,
): PackDownload {
  return onDevice === "available" && download.status !== "idle" && download.language === language
    ? { status: "idle" }
    : download;
}
