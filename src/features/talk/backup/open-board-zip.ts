/**
 * Unpacks an Open Board set (.obz, a zip) without trusting it: every name is checked before a
 * byte is inflated, and inflating stops the moment a file grows past what its entry declared or
 * past the limits, so a zip bomb costs a few megabytes, never the phone's memory.
 */
import { Unzip, UnzipInflate, UnzipPassThrough, unzipSync, type UnzipFileInfo } from "fflate";

export type ZipLimits = {
  /** The most files a set may hold. */
  files: number;
  /** The most any one file may unpack to. */
  fileBytes: number;
  /** The most all files together may unpack to. */
  totalBytes: number;
};

export type ZipProblem = "not-a-zip" | "unsafe-path" | "too-large-unpacked" | "damaged";

export type ZipResult =
  { ok: true; files: ReadonlyMap<string, Uint8Array> } | { ok: false; problem: ZipProblem };

/**
 * A path inside the set as the spec writes them (from the zip's root, "/" between parts), or
 * undefined for one that could reach outside it: absolute, a drive, a backslash, "..".
 */
export function safeZipPath(path: string): string | undefined {
  const trimmed = path.replace(/^(\.\/)+/, "");
  if (!trimmed || trimmed.length > 500) return undefined;
  if (trimmed.startsWith("/") || trimmed.includes("\\") || trimmed.includes("\0")) return undefined;
  if (/^[a-z]:/i.test(trimmed)) return undefined;
  const parts = trimmed.split("/");
  if (parts.some((part) => part === ".." || part === ".")) return undefined;
  return trimmed;
}

const isFolder = (name: string) => name.endsWith("/");

class Refusal extends Error {
  readonly problem: ZipProblem;
  constructor(problem: ZipProblem) {
    super(problem);
    this.problem = problem;
  }
}

// Compressed bytes are fed in pieces this small so that one piece can never inflate to more than
// about 16 MB (deflate's ratio is at most about 1:1032) before the size check sees it.
const pieceBytes = 16 * 1024;
/**
 * The page gets its turn after this much of the file: a set of 50 MB is unpacked on the page's
 * thread, and in one go it held a low-end tablet still (the busy indicator, switch scanning's
 * steps, a tap on Cancel) for as long as that took.
 */
const bytesBetweenTurns = 1024 * 1024;
const pageTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** What the zip's central directory says it holds, without inflating anything. */
function declaredFiles(bytes: Uint8Array): UnzipFileInfo[] | undefined {
  const declared: UnzipFileInfo[] = [];
  try {
    unzipSync(bytes, {
      filter: (info) => {
        declared.push(info);
        return false;
      },
    });
  } catch {
    return undefined;
  }
  return declared;
}

function checkDeclared(declared: UnzipFileInfo[], limits: ZipLimits): Map<string, number> {
  if (declared.length > limits.files) throw new Refusal("too-large-unpacked");
  const sizes = new Map<string, number>();
  let total = 0;
  for (const info of declared) {
    const path = safeZipPath(info.name);
    if (path === undefined || sizes.has(path)) throw new Refusal("unsafe-path");
    if (isFolder(info.name)) continue;
    if (info.compression !== 0 && info.compression !== 8) throw new Refusal("damaged");
    if (info.originalSize > limits.fileBytes) throw new Refusal("too-large-unpacked");
    total += info.originalSize;
    if (total > limits.totalBytes) throw new Refusal("too-large-unpacked");
    sizes.set(path, info.originalSize);
  }
  return sizes;
}

function joined(chunks: Uint8Array[], size: number): Uint8Array {
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}

export async function unzipSafely(bytes: Uint8Array, limits: ZipLimits): Promise<ZipResult> {
  const declared = declaredFiles(bytes);
  if (!declared) return { ok: false, problem: "not-a-zip" };
  const files = new Map<string, Uint8Array>();
  try {
    const sizes = checkDeclared(declared, limits);
    let total = 0;
    const unzip = new Unzip((file) => {
      if (isFolder(file.name)) return;
      const path = safeZipPath(file.name);
      if (path === undefined) throw new Refusal("unsafe-path");
      // The central directory and the file's own header must agree, or a name checked above
      // could hide another one.
      const allowed = sizes.get(path);
      if (allowed === undefined || files.has(path)) throw new Refusal("damaged");
      const chunks: Uint8Array[] = [];
      let size = 0;
      file.ondata = (error, chunk, final) => {
        // fflate hands a throw from here back as an error: keep the first reason.
        if (error) throw error instanceof Refusal ? error : new Refusal("damaged");
        size += chunk.length;
        total += chunk.length;
        if (size > allowed || total > limits.totalBytes) throw new Refusal("too-large-unpacked");
        chunks.push(chunk);
        if (final) files.set(path, joined(chunks, size));
      };
      file.start();
    });
    unzip.register(UnzipInflate);
    unzip.register(UnzipPassThrough);
    for (let at = 0; at < bytes.length; at += pieceBytes) {
      if (at > 0 && at % bytesBetweenTurns === 0) await pageTurn();
      unzip.push(bytes.subarray(at, at + pieceBytes), at + pieceBytes >= bytes.length);
    }
    if ([...sizes.keys()].some((path) => !files.has(path)))
      return { ok: false, problem: "damaged" };
  } catch (error) {
    return { ok: false, problem: error instanceof Refusal ? error.problem : "damaged" };
  }
  return { ok: true, files };
}
