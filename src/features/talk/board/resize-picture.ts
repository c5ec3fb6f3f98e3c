/**
 * A photo made small on the device before it is kept: a phone's camera picture is several
 * megabytes, and a phrase button shows it at about a hundred pixels. The longest side becomes at
 * most 256 px, encoded as WebP (JPEG where the browser cannot write WebP).
 */

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

/** The photo made small, or why it cannot be. */
export async function resizePicture(photo: Blob): Promise<Blob | ResizeProblem> {
  if (photo.size > maxPhotoBytes) return "too-large";
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(photo, { imageOrientation: "from-image" });
  } catch {
    return "not-a-picture";
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return "not-a-picture";
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const encode = (type: string) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  // A browser that cannot write WebP gives PNG instead, far bigger for a photo.
  const webp = await encode("image/webp");
  const small = webp?.type === "image/webp" ? webp : await encode("image/jpeg");
  return small ?? "not-a-picture";
}
