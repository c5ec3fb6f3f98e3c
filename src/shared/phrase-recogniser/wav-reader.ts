/**
 * Reads a RIFF WAV file into mono floats: PCM 8/16/24/32-bit integer or 32/64-bit float, any
 * number of channels (averaged). Throws WavError with a plain message for anything else.
 */
export class WavError extends Error {}

export interface DecodedWav {
  samples: Float32Array;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
}

export function decodeWav(bytes: Uint8Array): DecodedWav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (offset: number) =>
    String.fromCharCode(
      view.getUint8(offset),
      view.getUint8(offset + 1),
      view.getUint8(offset + 2),
      view.getUint8(offset + 3),
    );
  if (bytes.byteLength < 12 || ascii(0) !== "RIFF" || ascii(8) !== "WAVE")
    throw new WavError("not a RIFF WAVE file");
  let offset = 12;
  let format: {
    tag: number;
    channels: number;
    sampleRate: number;
    bits: number;
    blockAlign: number;
  } | null = null;
  let data: { start: number; length: number } | null = null;
  while (offset + 8 <= bytes.byteLength) {
    const id = ascii(offset);
    const size = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (id === "fmt ") {
      if (size < 16 || start + 16 > bytes.byteLength) throw new WavError("truncated fmt chunk");
      let tag = view.getUint16(start, true);
      if (tag === 0xfffe && size >= 26) tag = view.getUint16(start + 24, true); // WAVE_FORMAT_EXTENSIBLE
      format = {
        tag,
        channels: view.getUint16(start + 2, true),
        sampleRate: view.getUint32(start + 4, true),
        blockAlign: view.getUint16(start + 12, true),
        bits: view.getUint16(start + 14, true),
      };
    } else if (id === "data") {
      data = { start, length: Math.min(size, bytes.byteLength - start) };
      if (format) break;
    }
    offset = start + size + (size & 1);
  }
  if (!format) throw new WavError("no fmt chunk");
  if (!data) throw new WavError("no data chunk");
  const { tag, channels, sampleRate, bits, blockAlign } = format;
  if (channels < 1) throw new WavError("no channels");
  // The rates the features take (features.ts): a device's microphone may run at 96 kHz, and its
  // kept takes must be read back when examples are made again.
  if (sampleRate < 4000 || sampleRate > 192000)
    throw new WavError(`sample rate ${sampleRate} Hz is outside 4–192 kHz`);
  const isFloat = tag === 3;
  if (!(tag === 1 && [8, 16, 24, 32].includes(bits)) && !(isFloat && (bits === 32 || bits === 64)))
    throw new WavError(`unsupported encoding (format ${tag}, ${bits} bits)`);
  const bytesPer = bits / 8;
  if (blockAlign !== bytesPer * channels) throw new WavError("inconsistent block alignment");
  const frames = Math.floor(data.length / blockAlign);
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) {
      const at = data.start + i * blockAlign + c * bytesPer;
      let value: number;
      if (isFloat) value = bits === 32 ? view.getFloat32(at, true) : view.getFloat64(at, true);
      else if (bits === 8) value = (view.getUint8(at) - 128) / 128;
      else if (bits === 16) value = view.getInt16(at, true) / 32768;
      else if (bits === 24) {
        const raw = view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16);
        value = raw / 8388608;
      } else value = view.getInt32(at, true) / 2147483648;
      sum += value;
    }
    samples[i] = sum / channels;
  }
  return { samples, sampleRate, channels, bitsPerSample: bits };
}

/** 16-bit PCM WAV of mono or interleaved stereo floats (for the stand-in corpus and tests). */
export function encodeWav16(samples: Float32Array, sampleRate: number, channels = 1): Uint8Array {
  const frames = Math.floor(samples.length / channels);
  const out = new Uint8Array(44 + frames * channels * 2);
  const view = new DataView(out.buffer);
  const write = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  write(0, "RIFF");
  view.setUint32(4, 36 + frames * channels * 2, true);
  write(8, "WAVE");
  write(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  write(36, "data");
  view.setUint32(40, frames * channels * 2, true);
  for (let i = 0; i < frames * channels; i++)
    view.setInt16(
      44 + i * 2,
      Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767))),
      true,
    );
  return out;
}
