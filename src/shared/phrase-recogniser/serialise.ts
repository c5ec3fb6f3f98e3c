/**
 * Plain, JSON-safe form of features for IndexedDB and the board's export: frames as base64 of
 * little-endian float32, with a format version.
 */
import { FEATURES_FORMAT, METHODS, type Method, type PhraseFeatures } from "./features.ts";

export interface SerialisedFeatures {
  format: number;
  method: Method;
  dims: number;
  voicedMs: number;
  /** Base64 of the frames as little-endian float32. */
  frames: string;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function toBase64(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += b === undefined ? "=" : ALPHABET[(n >> 6) & 63]!;
    out += c === undefined ? "=" : ALPHABET[n & 63]!;
  }
  return out;
}

function fromBase64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4)
    throw new Error("frames are not base64");
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n =
      (ALPHABET.indexOf(text[i]!) << 18) |
      (ALPHABET.indexOf(text[i + 1]!) << 12) |
      ((Math.max(0, ALPHABET.indexOf(text[i + 2]!)) & 63) << 6) |
      (Math.max(0, ALPHABET.indexOf(text[i + 3]!)) & 63);
    for (const shift of [16, 8, 0]) if (o < out.length) out[o++] = (n >> shift) & 255;
  }
  return out;
}

export function serialiseFeatures(features: PhraseFeatures): SerialisedFeatures {
  const bytes = new Uint8Array(features.frames.length * 4);
  const view = new DataView(bytes.buffer);
  features.frames.forEach((value, i) => view.setFloat32(i * 4, value, true));
  return {
    format: features.format,
    method: features.method,
    dims: features.dims,
    voicedMs: features.voicedMs,
    frames: toBase64(bytes),
  };
}

/**
 * Whether stored features were made by an older version of the method (its features format):
 * they cannot be compared with new takes, and must be made again from their recording. A newer
 * version's (another tab, already updated) are left as they are: this version cannot make them,
 * and that tab needs them.
 */
export function isOlderFormat(features: Pick<SerialisedFeatures, "format">): boolean {
  return features.format < FEATURES_FORMAT;
}

/** Reads serialised features back; throws on anything malformed or of another format. */
export function deserialiseFeatures(value: unknown): PhraseFeatures {
  const v = value as Partial<SerialisedFeatures> | null;
  if (!v || typeof v !== "object") throw new Error("features must be an object");
  if (v.format !== FEATURES_FORMAT)
    throw new Error(`features format ${String(v.format)} is not ${FEATURES_FORMAT}`);
  if (!METHODS.includes(v.method as Method)) throw new Error("unknown features method");
  if (!Number.isInteger(v.dims) || v.dims! <= 0) throw new Error("bad features dims");
  if (typeof v.frames !== "string") throw new Error("frames must be a string");
  const bytes = fromBase64(v.frames);
  if (bytes.length % (4 * v.dims!)) throw new Error("frames do not fill whole frames");
  const view = new DataView(bytes.buffer);
  const frames = new Float32Array(bytes.length / 4);
  for (let i = 0; i < frames.length; i++) frames[i] = view.getFloat32(i * 4, true);
  if (!frames.every(Number.isFinite)) throw new Error("frames hold non-finite values");
  return {
    format: FEATURES_FORMAT,
    method: v.method as Method,
    dims: v.dims!,
    frames,
    voicedMs: Number(v.voicedMs) || 0,
  };
}
