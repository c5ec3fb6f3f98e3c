/**
 * Where the app finds OpenMoji's symbols, and which ones the starter boards use. The build
 * (scripts/build/openmoji-symbols.ts) and the app agree on both: the build copies the symbols to
 * this folder and puts only the starter ones in the install precache; the service worker keeps any
 * other symbol once it has been shown.
 */

/** The folder the symbols are served from; the version changes it when the artwork changes. */
export const openMojiFolder = "/symbols/openmoji-17/";

/** An OpenMoji code: upper-case hex code points joined by "-", as OpenMoji names its files. */
export function isOpenMojiCode(code: unknown): code is string {
  return typeof code === "string" && /^[0-9A-F]{2,6}(-[0-9A-F]{2,6}){0,9}$/.test(code);
}

export function openMojiUrl(code: string): string {
  return `${openMojiFolder}${code}.svg`;
}

/**
 * The symbol of every starter phrase, by the phrase's id (board/starter-phrases): pictures a
 * person who cannot read recognises, each different from the others on the board.
 */
export const starterSymbols: Readonly<Record<string, string>> = {
  // Needs
  help: "1F64B", // person raising hand
  toilet: "1F6BD", // toilet
  thirsty: "1F964", // cup with straw
  hungry: "1F37D", // fork and knife with plate
  cold: "1F976", // cold face
  // Feelings
  "in-pain": "1F616", // confounded face
  dizzy: "1F635-200D-1F4AB", // face with spiral eyes
  tired: "1F971", // yawning face
  worried: "1F61F", // worried face
  "feel-good": "1F60A", // smiling face with smiling eyes
  // People
  "call-nurse": "1F9D1-200D-2695-FE0F", // health worker
  "call-doctor": "1FA7A", // stethoscope
  "call-family": "1F4DE", // telephone receiver
  "where-family": "1F46A", // family
  // Clinic
  "hurts-here": "1F915", // face with head-bandage
  medicine: "1F48A", // pill
  "speak-slowly": "1F422", // turtle
  repeat: "1F501", // repeat button
  "not-understood": "1F615", // confused face
  // Social
  yes: "1F44D", // thumbs up
  no: "1F44E", // thumbs down
  wait: "23F3", // hourglass not done
  "want-to-say": "1F5E3", // speaking head
  "thank-you": "1F64F", // folded hands
  hello: "1F44B", // waving hand
  goodbye: "1F6B6", // person walking (away)
};
