/**
 * How long an audio the speech engine may make from a text, on the server and on the device: a
 * text whose audio would be longer is refused the same way by both (the engine stops as soon as
 * it passes the limit), so that a 6 kB request cannot make an answer of tens of megabytes. Apart
 * from speech-options.ts, which every page loads at first: only the code that makes audio or
 * tells its failure carries this.
 */

/**
 * The text's length decides, whatever the rate. At the slowest rate (80 words a minute), prose
 * takes 0.10–0.16 s a character in the six languages: 2,000 characters at most about 320 s.
 * Digits take far longer, read as one long number ("87771234567": up to 1.2 s a character), and
 * a symbol read as a word ("©", "%") more still. So each character is allowed 1.5 s, and 10 s
 * more for a short text ("ok" takes 1 s), but never more than 600 s in all: about twice the
 * longest prose at the slowest rate (26 MB of WAV). Before the limit, 2,000 copies of "龍" in
 * English made 1,179 s (52 MB; 69 MB as the API's base64 JSON).
 */
export const audioLengthLimit = { baseSeconds: 10, secondsPerCharacter: 1.5, mostSeconds: 600 };

/** The longest audio made from a text of `textLength` characters, in seconds. */
export function maxAudioSeconds(textLength: number): number {
  const { baseSeconds, secondsPerCharacter, mostSeconds } = audioLengthLimit;
  return Math.min(mostSeconds, baseSeconds + secondsPerCharacter * textLength);
}

/**
 * The server's error code (with status 422) for a text whose audio would be longer than
 * `maxAudioSeconds` allows; the engine's host says it as its error too
 * (src/shared/speech-engine/engine-host.ts). Splitting the text helps.
 */
export const audioTooLongErrorCode = "audio_too_long";

/** Audio was not made because it would be too long, whichever engine was asked. */
export class AudioTooLongError extends Error {
  override name = "AudioTooLongError";
  /** Seconds of audio the engine made before it refused (its work, whatever the rate). */
  madeSeconds?: number;
}
