/**
 * What Open Board import and export need from the device: pictures fetched from an address,
 * the user's pictures with their size in pixels, and OpenMoji symbols' SVG. Kept apart from the
 * format's pure code (open-board.ts, open-board-export.ts), which takes them as functions.
 */
import { readPicture } from "@/features/talk/board/phrase-pictures";
import { openBoardLimits } from "@/features/talk/backup/open-board-schema";
import type { ExportPicture } from "@/features/talk/backup/open-board-export";
import { openMojiUrl } from "@/shared/openmoji";

/**
 * A picture a board only links to, fetched once without cookies or referrer. The page's
 * Content-Security-Policy lets it fetch from this origin only, so a picture on another site is
 * left out (and the import says so) rather than telling that site who opened the board.
 */
export async function fetchPicture(url: string): Promise<Blob | undefined> {
  try {
    const response = await fetch(url, {
      credentials: "omit",
      referrerPolicy: "no-referrer",
      signal: AbortSignal.timeout(15_000),
    });
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (!response.ok || declared > openBoardLimits.pictureBytes) return undefined;
    return await response.blob();
  } catch {
    return undefined;
  }
}

async function measured(blob: Blob | undefined): Promise<ExportPicture | undefined> {
  if (!blob) return undefined;
  try {
    const bitmap = await createImageBitmap(blob);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return { blob, ...size };
  } catch {
    return undefined;
  }
}

/** The user's own picture and its size, or undefined when the device no longer has it. */
export async function pictureForExport(id: string): Promise<ExportPicture | undefined> {
  return measured(await readPicture(id));
}

/**
 * An OpenMoji symbol's SVG as the app serves it (the service worker keeps the ones shown), so an
 * exported set carries the picture itself. OpenMoji draws every symbol on a 72 × 72 grid.
 */
export async function symbolForExport(code: string): Promise<ExportPicture | undefined> {
  const blob = await fetchPicture(openMojiUrl(code));
  return blob ? { blob, width: 72, height: 72 } : undefined;
}
