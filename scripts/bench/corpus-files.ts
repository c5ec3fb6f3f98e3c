/** Reading a phrase corpus from disk: its folders and WAV takes, with clear errors. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { decodeWav, WavError } from "../../src/shared/phrase-recogniser/index.ts";

/** The corpus cannot be used as given (a missing folder, an unreadable or empty WAV file). */
export class CorpusError extends Error {}

export interface Take {
  path: string;
  samples: Float32Array;
  sampleRate: number;
}

export function listDirectory(path: string): string[] {
  try {
    return readdirSync(path).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new CorpusError(`${path} does not exist`);
    if (code === "ENOTDIR") throw new CorpusError(`${path} is not a folder`);
    throw new CorpusError(`${path} cannot be read (${code ?? "error"})`);
  }
}

export const isDirectory = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

export function readTake(path: string): Take {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new CorpusError(`${path} cannot be read`);
  }
  try {
    const { samples, sampleRate } = decodeWav(bytes);
    if (samples.length === 0) throw new WavError("no audio in it");
    return { path, samples, sampleRate };
  } catch (error) {
    if (error instanceof WavError)
      throw new CorpusError(`${path} is not a usable WAV file: ${error.message}`);
    throw error;
  }
}

export const wavFiles = (dir: string) =>
  listDirectory(dir).filter(
    (name) => name.toLowerCase().endsWith(".wav") && !isDirectory(join(dir, name)),
  );
