// Minimal WAV (RIFF) encode/inspect helpers: 16-bit PCM mono, canonical 44-byte header.

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Sample frames (samples per channel). */
  sampleCount: number;
  durationMs: number;
}

const HEADER_BYTES = 44;

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
}

function readAscii(view: DataView, offset: number, length: number): string {
  let s = "";
  for (let i = 0; i < length; i++) s += String.fromCharCode(view.getUint8(offset + i));
  return s;
}

export function encodeWav(samples: Int16Array, sampleRate: number): Uint8Array {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0)
    throw new RangeError(`invalid sampleRate ${sampleRate}`);
  const dataBytes = samples.length * 2;
  const out = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(out.buffer);
  writeAscii(view, 0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(view, 8, "WAVE");
  writeAscii(view, 12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // audio format 1 = PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  writeAscii(view, 36, "data");
  view.setUint32(40, dataBytes, true);
  // WAV is little-endian; write explicitly so big-endian hosts stay correct.
  for (let i = 0; i < samples.length; i++) view.setInt16(HEADER_BYTES + i * 2, samples[i]!, true);
  return out;
}

/**
 * Reads format info from a RIFF/WAVE file. Walks the chunk list rather than
 * assuming a 44-byte header, so files with extra chunks (LIST, fact) work.
 */
export function decodeWavInfo(bytes: Uint8Array): WavInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    bytes.byteLength < 12 ||
    readAscii(view, 0, 4) !== "RIFF" ||
    readAscii(view, 8, 4) !== "WAVE"
  ) {
    throw new Error("not a RIFF/WAVE file");
  }
  let offset = 12;
  let fmt: { channels: number; sampleRate: number; bitsPerSample: number } | undefined;
  while (offset + 8 <= bytes.byteLength) {
    const id = readAscii(view, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt ") {
      if (size < 16 || body + 16 > bytes.byteLength) throw new Error("truncated fmt chunk");
      fmt = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      if (!fmt) throw new Error("data chunk before fmt chunk");
      // Clamp to what is actually present (streamed WAVs may carry a bogus size).
      const dataBytes = Math.min(size, bytes.byteLength - body);
      const frameBytes = fmt.channels * (fmt.bitsPerSample / 8);
      const sampleCount = frameBytes > 0 ? Math.floor(dataBytes / frameBytes) : 0;
      return {
        ...fmt,
        sampleCount,
        durationMs: fmt.sampleRate > 0 ? (sampleCount * 1000) / fmt.sampleRate : 0,
      };
    }
    offset = body + size + (size & 1); // chunks are word-aligned
  }
  throw new Error("no data chunk");
}
