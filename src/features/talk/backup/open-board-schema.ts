/**
 * The Open Board Format 0.1 as schemas (https://www.openboardformat.org/docs): the parts Dauys
 * reads, with the types the spec gives them and bounds no real board comes near. Unknown fields
 * (the spec's `ext_` extensions, styling, sounds' details) are let through and ignored.
 */
import { z } from "zod";
import { maxPicturePixels } from "@/features/talk/backup/picture-bytes";

// The app's pages forbid eval (Content-Security-Policy); without this zod would probe for it and
// the browser would report the blocked probe.
z.config({ jitless: true });

export const openBoardFormat = "open-board-0.1";

/** Limits on one set; the reasons are beside each. */
export const openBoardLimits = {
  /** A set of 300 phrases with a photo each at about 150 kB comes to about 45 MB. */
  fileBytes: 50 * 1024 * 1024,
  /** Everything a set unpacks to: the pictures above, with room for boards and sounds. */
  unpackedBytes: 100 * 1024 * 1024,
  /**
   * One picture: a phone photo is 2 to 5 MB, symbols a few kB; a bigger one is not a button's
   * picture, and the device keeps each one it imports.
   */
  pictureBytes: 5 * 1024 * 1024,
  picturePixels: maxPicturePixels,
  /** One board's JSON, with its pictures inline as data: URLs. */
  boardBytes: 20 * 1024 * 1024,
  /** Files in a set; a large vocabulary set has a few hundred boards and pictures. */
  files: 5000,
  /** Boards read from one set: Dauys keeps one board a language, in six categories. */
  boards: 200,
  /** Buttons on one board: a 20 by 20 grid, the most any AAC app shows. */
  buttonsPerBoard: 400,
  /** Rows or columns of a grid. */
  gridSide: 100,
} as const;

/** The spec says ids are strings; older boards (the spec's own examples) use numbers. */
const id = z
  .union([z.string().min(1).max(200), z.number().int()])
  .transform((value) => String(value));

/** An id that points at something; boards in the wild write "" for none. */
const reference = z
  .union([z.string().max(200), z.number().int()])
  .transform((value) => (value === "" ? undefined : String(value)));

const text = z.string().max(5000);
const path = z.string().max(500);

export const openBoardButtonSchema = z.object({
  id,
  label: text.optional(),
  vocalization: text.optional(),
  image_id: reference.optional(),
  sound_id: reference.optional(),
  hidden: z.boolean().optional(),
  action: z.string().max(200).optional(),
  actions: z.array(z.string().max(200)).max(50).optional(),
  load_board: z
    .object({
      id: reference.optional(),
      name: text.optional(),
      path: path.optional(),
      url: z.string().max(2000).optional(),
      data_url: z.string().max(2000).optional(),
    })
    .optional(),
  ext_dauys_category: z.string().max(50).optional(),
  ext_dauys_favourite: z.boolean().optional(),
});

export const openBoardImageSchema = z.object({
  id,
  content_type: z.string().max(100).optional(),
  width: z.number().nonnegative().optional(),
  height: z.number().nonnegative().optional(),
  data: z.string().optional(),
  path: path.optional(),
  url: z.string().max(2000).optional(),
  ext_dauys_openmoji: z
    .string()
    .regex(/^[0-9A-F]{2,6}(-[0-9A-F]{2,6}){0,9}$/)
    .optional(),
});

const gridSide = z.number().int().min(0).max(openBoardLimits.gridSide);

export const openBoardSchema = z.object({
  format: z.string().max(50),
  id,
  locale: z.string().max(35).optional(),
  name: text.optional(),
  buttons: z.array(openBoardButtonSchema).max(openBoardLimits.buttonsPerBoard),
  images: z
    .array(openBoardImageSchema)
    .max(openBoardLimits.buttonsPerBoard * 2)
    .default([]),
  grid: z
    .object({
      rows: gridSide,
      columns: gridSide,
      order: z
        .array(z.array(reference.nullable()).max(openBoardLimits.gridSide))
        .max(openBoardLimits.gridSide),
    })
    .optional(),
});

const pathMap = z.record(z.string().max(200), path);

export const openBoardManifestSchema = z.object({
  format: z.string().max(50),
  root: path,
  paths: z.object({
    boards: pathMap.optional(),
    images: pathMap.optional(),
  }),
});

export type OpenBoardButton = z.infer<typeof openBoardButtonSchema>;
export type OpenBoardImage = z.infer<typeof openBoardImageSchema>;
export type OpenBoard = z.infer<typeof openBoardSchema>;
export type OpenBoardManifest = z.infer<typeof openBoardManifestSchema>;

export type FormatCheck = "ok" | "not-open-board" | "newer-version";

/** Version 0.1 is the published one; "open-board-0.0" boards read the same. */
export function checkFormat(format: unknown): FormatCheck {
  if (typeof format !== "string") return "not-open-board";
  const version = /^open-board-(\d+)\.(\d+)$/.exec(format);
  if (!version) return "not-open-board";
  const [major, minor] = [Number(version[1]), Number(version[2])];
  return major === 0 && minor <= 1 ? "ok" : "newer-version";
}
