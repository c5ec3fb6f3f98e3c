/**
 * Pictures as bytes: what kind a file really is (its first bytes, not the name or type a file
 * claims), and data: URLs both ways, for boards that carry their pictures inline.
 */

export type PictureType = "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "image/svg+xml";

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);

/** The picture's type from its content, or undefined for anything a board cannot show. */
export function pictureType(bytes: Uint8Array): PictureType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return "image/webp";
  }
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, "");
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) {
    return "image/svg+xml";
  }
  return undefined;
}

/**
 * The most pixels (width times height) a picture may have: a 40-megapixel photo, already more
 * than a button ever shows. A bigger one may be a few bytes (a flat colour compresses to almost
 * nothing) and still run a tablet out of memory when drawn.
 */
export const maxPicturePixels = 40_000_000;

/**
 * The picture's width and height as its header gives them, read without decoding it; undefined
 * for SVG (drawn at any size) and when the header cannot be read.
 */
export function pictureSize(
  bytes: Uint8Array,
  type: PictureType,
): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fits = (end: number) => end <= bytes.length;
  if (type === "image/png" && fits(24)) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (type === "image/gif" && fits(10)) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (type === "image/webp" && fits(30)) {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    if (chunk === "VP8 ") {
      return {
        width: view.getUint16(26, true) & 0x3fff,
        height: view.getUint16(28, true) & 0x3fff,
      };
    }
    if (chunk === "VP8L") {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") {
      const width = bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16);
      const height = bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16);
      return { width: width + 1, height: height + 1 };
    }
    return undefined;
  }
  if (type === "image/jpeg") {
    // The frame header (SOF0 to SOF15, less DHT, JPG and DAC) follows segments of given lengths.
    let at = 2;
    while (fits(at + 9) && bytes[at] === 0xff) {
      const marker = bytes[at + 1]!;
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
      }
      at += 2 + view.getUint16(at + 2);
    }
  }
  return undefined;
}

/**
 * How a JPEG's EXIF data says it is turned for viewing: 1 (as stored) to 8, as phones write it for
 * a photo taken upright (6) or upside down (3). 1 when it has no EXIF data or none is readable.
 */
export function jpegOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fits = (end: number) => end <= bytes.length;
  let at = 2;
  // The segments before the image data; EXIF is an APP1 segment that begins "Exif\0\0".
  while (fits(at + 4) && bytes[at] === 0xff && bytes[at + 1] !== 0xda) {
    const length = view.getUint16(at + 2);
    if (bytes[at + 1] === 0xe1 && startsWith(bytes, [0x45, 0x78, 0x69, 0x66, 0, 0], at + 4)) {
      const tiff = at + 10;
      if (!fits(tiff + 8)) return 1;
      const little = bytes[tiff] === 0x49;
      const u16 = (offset: number) => view.getUint16(tiff + offset, little);
      const u32 = (offset: number) => view.getUint32(tiff + offset, little);
      const ifd = u32(4);
      if (!fits(tiff + ifd + 2)) return 1;
      const entries = u16(ifd);
      for (let entry = 0; entry < entries; entry++) {
        const field = ifd + 2 + entry * 12;
        if (!fits(tiff + field + 12)) return 1;
        if (u16(field) !== 0x0112) continue;
        const value = u16(field + 8);
        return value >= 1 && value <= 8 ? value : 1;
      }
      return 1;
    }
    at += 2 + length;
  }
  return 1;
}

export const pictureExtension: Record<PictureType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
};

export type DataUrl = { bytes: Uint8Array } | { tooLarge: true } | undefined;

/** The bytes of a data: URL; undefined when it is not one, tooLarge past `maxBytes`. */
export function bytesOfDataUrl(url: string, maxBytes: number): DataUrl {
  const header = /^data:([^,]*?)(;base64)?,/i.exec(url);
  if (!header) return undefined;
  const body = url.slice(header[0].length);
  try {
    if (header[2]) {
      if (Math.floor((body.length * 3) / 4) > maxBytes + 2) return { tooLarge: true };
      const binary = atob(body.replace(/\s/g, ""));
      if (binary.length > maxBytes) return { tooLarge: true };
      return { bytes: Uint8Array.from(binary, (char) => char.charCodeAt(0)) };
    }
    if (body.length > maxBytes * 3) return { tooLarge: true };
    const bytes = new TextEncoder().encode(decodeURIComponent(body));
    return bytes.length > maxBytes ? { tooLarge: true } : { bytes };
  } catch {
    return undefined;
  }
}

export function dataUrlOf(bytes: Uint8Array, type: string): string {
  let binary = "";
  // In pieces: spreading a whole picture into one call overflows the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return `data:${type};base64,${btoa(binary)}`;
}
