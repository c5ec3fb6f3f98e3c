// "Voice pack": a single static file holding the subset of espeak-ng-data the
// app needs. Layout (all integers little-endian):
//   0..3   magic "DVP1"
//   4..7   u32 byte length N of the UTF-8 JSON index
//   8..8+N JSON index: { format: 1, source: string, files: [{ path, offset, size }] }
//   ...    file bytes; `offset` is relative to the end of the index
// Paths are relative to the espeak-ng-data directory (e.g. "lang/zle/ru").

import { isSpeechLanguage, speechLanguages, type SpeechLanguage } from "../speech-options.ts";

export type Language = SpeechLanguage;
export const LANGUAGES: readonly Language[] = speechLanguages;
export const isLanguage = isSpeechLanguage;

/**
 * espeak-ng voice used for each app language. 'en' is mapped to American
 * English ("en-us", file lang/gmw/en-US); espeak's plain "en" is British.
 * Both use en_dict, so switching only needs the other lang file.
 */
export const VOICE_FOR_LANGUAGE: Readonly<Record<Language, string>> = {
  az: "az",
  kk: "kk",
  ky: "ky",
  ru: "ru",
  en: "en-us",
  uz: "uz",
};

/** Phoneme tables and intonation data every voice needs. */
export const COMMON_DATA_FILES: readonly string[] = [
  "phondata",
  "phonindex",
  "phontab",
  "intonations",
];

/**
 * Files each language needs besides the common ones. The lang files contain
 * only name/language/tunes/replace lines in this espeak-ng build (no
 * "dictionary"/"phonemes" references outside phontab, no variants), so the
 * closure is just dictionary + voice definition.
 */
export const LANGUAGE_DATA_FILES: Readonly<Record<Language, readonly string[]>> = {
  az: ["az_dict", "lang/trk/az"],
  kk: ["kk_dict", "lang/trk/kk"],
  ky: ["ky_dict", "lang/trk/ky"],
  ru: ["ru_dict", "lang/zle/ru"],
  // en_dict is needed by every voice in practice: espeak switches to English
  // for words it flags as English, and logs "Can't read dictionary file" otherwise.
  en: ["en_dict", "lang/gmw/en-US"],
  uz: ["uz_dict", "lang/trk/uz"],
};

export function dataFilesFor(languages: readonly Language[]): string[] {
  const set = new Set<string>(COMMON_DATA_FILES);
  for (const lang of languages) for (const f of LANGUAGE_DATA_FILES[lang]) set.add(f);
  return [...set];
}

export interface VoicePackEntry {
  path: string;
  offset: number;
  size: number;
}

export interface VoicePackIndex {
  format: 1;
  source: string;
  files: VoicePackEntry[];
}

const MAGIC = "DVP1";

export function encodeVoicePack(
  files: ReadonlyMap<string, Uint8Array>,
  source: string,
): Uint8Array {
  const entries: VoicePackEntry[] = [];
  let offset = 0;
  for (const [path, bytes] of files) {
    entries.push({ path, offset, size: bytes.byteLength });
    offset += bytes.byteLength;
  }
  const index: VoicePackIndex = { format: 1, source, files: entries };
  const json = new TextEncoder().encode(JSON.stringify(index));
  const out = new Uint8Array(8 + json.byteLength + offset);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(4, json.byteLength, true);
  out.set(json, 8);
  const base = 8 + json.byteLength;
  let i = 0;
  for (const bytes of files.values()) out.set(bytes, base + entries[i++]!.offset);
  return out;
}

/** Returns zero-copy views into `pack`, keyed by data-relative path. */
export function decodeVoicePack(pack: Uint8Array): {
  index: VoicePackIndex;
  files: Map<string, Uint8Array>;
} {
  const magic = String.fromCharCode(...pack.subarray(0, 4));
  if (pack.byteLength < 8 || magic !== MAGIC) throw new Error("not a voice pack (bad magic)");
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  const jsonLength = view.getUint32(4, true);
  const base = 8 + jsonLength;
  if (base > pack.byteLength) throw new Error("voice pack truncated (index)");
  const index = JSON.parse(new TextDecoder().decode(pack.subarray(8, base))) as VoicePackIndex;
  if (index.format !== 1) throw new Error(`unsupported voice pack format ${String(index.format)}`);
  const files = new Map<string, Uint8Array>();
  for (const e of index.files) {
    if (e.path.includes("..") || e.path.startsWith("/"))
      throw new Error(`bad path in voice pack: ${e.path}`);
    if (base + e.offset + e.size > pack.byteLength)
      throw new Error(`voice pack truncated (${e.path})`);
    files.set(e.path, pack.subarray(base + e.offset, base + e.offset + e.size));
  }
  return { index, files };
}

/**
 * The packs the app ships. The core pack (phoneme tables plus five small dictionaries, about
 * 0.5 MB compressed) is what most languages need; Russian's dictionary alone is several MB, so
 * it is a separate add-on fetched only when Russian is first spoken on the device.
 * File names carry the engine data version, so a cached pack never outlives its engine.
 */
export const espeakDataVersion = "0.3.5";

export const shippedVoicePacks = {
  core: { languages: ["az", "kk", "ky", "en", "uz"] as Language[], common: true },
  ru: { languages: ["ru"] as Language[], common: false },
} as const;

export type ShippedVoicePack = keyof typeof shippedVoicePacks;

export function voicePackFileName(pack: ShippedVoicePack): string {
  return `dauys-${pack}-${espeakDataVersion}.dvp`;
}

/** The packs an engine needs to speak `language`. */
export function voicePacksFor(language: Language): ShippedVoicePack[] {
  return language === "ru" ? ["core", "ru"] : ["core"];
}

/**
 * Whether the service worker has kept the packs `language` needs; null when the device refuses
 * its caches (some private modes), so nothing is kept.
 */
export async function voicePacksKept(language: Language): Promise<boolean | null> {
  if (typeof caches === "undefined") return null;
  const found = await Promise.all(
    voicePacksFor(language).map((pack) => caches.match(`/voice-pack/${voicePackFileName(pack)}`)),
  ).catch(() => null);
  return found && found.every(Boolean);
}
