/**
 * A photo made small on the device before it is kept: a phone's camera picture is several
 * megabytes, and a phrase button shows it at about a hundred pixels. The longest side becomes at
 * most 256 px, encoded as WebP (JPEG where the browser cannot write WebP). Pictures from other AAC
 * apps and in board backups bigger than that (or SVG and GIF, which a backup does not carry) are
 * made small the same way (backup/backup-pictures.ts).
 */

import { jpegOrientation, pictureSize, pictureType } from "@/features/talk/backup/picture-bytes";

export const pictureSide = 256;
/** Bigger than any phone photo; a bigger file is not worth decoding on a small device. */
export const maxPhotoBytes = 40 * 1024 * 1024;

/** The size a `width`×`height` picture is drawn at: within `side`, never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  side = pictureSide,
): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export type ResizeProblem = "too-large" | "not-a-picture";

type Decoded = { source: CanvasImageSource; width: number; height: number; release: () => void };

const decodedBitmap = (bitmap: ImageBitmap): Decoded => ({
  source: bitmap,
  width: bitmap.width,
  height: bitmap.height,
  release: () => bitmap.close(),
});

/** How a frame is turned for viewing (WebCodecs), for each EXIF orientation 1 to 8. */
const frameTurns = [
  [0, false],
  [0, true],
  [180, false],
  [180, true],
  [90, true],
  [90, false],
  [270, true],
  [270, false],
] as const;

/** What WebCodecs' VideoFrame says of how it is turned, where the browser says it. */
type TurnedFrame = VideoFrame & { rotation?: number; flip?: boolean };

/**
 * A JPEG photo decoded at a fraction of its size where the browser can: WebCodecs' ImageDecoder
 * given a desired size, which a JPEG decoder meets by eighths as it decodes (asked for twice the
 * kept size, it gives at least the kept size). A phone's 50-megapixel photo decoded in full takes
 * 200 MB at once, which can end the tab on the phone that took it. Undefined where it cannot be
 * done, or where the frame is not turned as the photo's EXIF data says (it would be drawn on its
 * side): the picture is then decoded in full.
 */
async function decodeJpegSmall(
  photo: Blob,
  size: { width: number; height: number },
  orientation: number,
): Promise<Decoded | undefined> {
  if (typeof ImageDecoder === "undefined") return undefined;
  const desired = fitWithin(size.width, size.height, pictureSide * 2);
  let decoder: ImageDecoder | undefined;
  try {
    if (!(await ImageDecoder.isTypeSupported("image/jpeg"))) return undefined;
    decoder = new ImageDecoder({
      data: photo.stream(),
      type: "image/jpeg",
      desiredWidth: desired.width,
      desiredHeight: desired.height,
    });
    const image: TurnedFrame = (await decoder.decode()).image;
    const [rotation, flip] = frameTurns[orientation - 1]!;
    const turned = (image.rotation ?? 0) === rotation && (image.flip ?? false) === flip;
    if (!turned) {
      image.close();
      return undefined;
    }
    return decodedBitmap(await createImageBitmap(image).finally(() => image.close()));
  } catch {
    return undefined;
  } finally {
    decoder?.close();
  }
}

/**
 * The picture decoded for drawing: by createImageBitmap, or for SVG (which Chromium's
 * createImageBitmap refuses) by an <img>. Undefined when it is not a picture the browser reads.
 */
async function decodePicture(photo: Blob): Promise<Decoded | undefined> {
  try {
    return decodedBitmap(await createImageBitmap(photo, { imageOrientation: "from-image" }));
  } catch {
    if (photo.type !== "image/svg+xml") return undefined;
  }
  const url = URL.createObjectURL(photo);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    URL.revokeObjectURL(url);
    return undefined;
  }
  // An SVG with only a viewBox has no size of its own: it is drawn at the kept size.
  return {
    source: image,
    width: image.naturalWidth || pictureSide,
    height: image.naturalHeight || pictureSide,
    release: () => URL.revokeObjectURL(url),
  };
}

/** Picture types that can have transparent parts. */
const mayBeClear = new Set(["image/png", "image/gif", "image/svg+xml", "image/webp"]);

/** More pixels than any phone camera makes: decoding them could take a tablet's memory. */
export const maxPhotoPixels = 60_000_000;

/**
 * What the picture's header says (read, not decoded): its type, its size, and for a JPEG how its
 * EXIF data says it is turned.
 */
export async function readHeader(photo: Blob) {
  // The header, past a JPEG's EXIF data (its thumbnail is at most 64 kB).
  const head = new Uint8Array(await photo.slice(0, 256 * 1024).arrayBuffer());
  const type = pictureType(head);
  const size = type && pictureSize(head, type);
  return { type, size, orientation: type === "image/jpeg" ? jpegOrientation(head) : 1 };
}

/** The photo made small, or why it cannot be. */
export async function resizePicture(photo: Blob): Promise<Blob | ResizeProblem> {
  if (photo.size > maxPhotoBytes) return "too-large";
  const { type, size: stored, orientation } = await readHeader(photo);
  if (stored && stored.width * stored.height > maxPhotoPixels) return "too-large";
  // A JPEG bigger than twice the kept size is decoded smaller where the browser can.
  const big = stored && Math.max(stored.width, stored.height) > pictureSide * 2;
  const decoded =
    (type === "image/jpeg" && big && (await decodeJpegSmall(photo, stored, orientation))) ||
    (await decodePicture(photo));
  if (!decoded) return "not-a-picture";
  const size = fitWithin(decoded.width, decoded.height);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) {
    decoded.release();
    return "not-a-picture";
  }
  // The default smoothing samples a few of the photo's pixels per pixel kept: fine detail (a
  // striped shirt, a printed label) turned into moiré and jagged edges on the button.
  context.imageSmoothingQuality = "high";
  context.drawImage(decoded.source, 0, 0, size.width, size.height);
  decoded.release();
  const encode = (type: string) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  // A browser that cannot write WebP (Safari) gives PNG instead: far bigger for a photo, which is
  // made a JPEG then. A picture that may have clear parts (a symbol from another AAC app) stays
  // PNG: JPEG has none, and they would turn black.
  const webp = await encode("image/webp");
  if (webp && (webp.type === "image/webp" || mayBeClear.has(photo.type))) return webp;
  return (await encode("image/jpeg")) ?? "not-a-picture";
}
