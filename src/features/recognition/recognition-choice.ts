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
