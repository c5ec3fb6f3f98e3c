import { describe, expect, it } from "vitest";
import { decodeWavInfo, encodeWav } from "./wav.ts";

describe("encodeWav", () => {
  it("writes a canonical 44-byte PCM mono header", () => {
    const samples = new Int16Array([0, 1000, -1000, 32767, -32768]);
    const wav = encodeWav(samples, 22050);
    const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
    const ascii = (o: number) => String.fromCharCode(...wav.subarray(o, o + 4));
    expect(wav.byteLength).toBe(44 + samples.length * 2);
    expect(ascii(0)).toBe("RIFF");
    expect(view.getUint32(4, true)).toBe(wav.byteLength - 8);
    expect(ascii(8)).toBe("WAVE");
    expect(ascii(12)).toBe("fmt ");
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(22050);
    expect(view.getUint32(28, true)).toBe(44100);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(36)).toBe("data");
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
    expect(view.getInt16(44 + 3 * 2, true)).toBe(32767);
    expect(view.getInt16(44 + 4 * 2, true)).toBe(-32768);
  });

  it("rejects a bad sample rate", () => {
    expect(() => encodeWav(new Int16Array(1), 0)).toThrow(RangeError);
  });
});

describe("decodeWavInfo", () => {
  it("round-trips sample count and duration", () => {
    const info = decodeWavInfo(encodeWav(new Int16Array(22050 * 2 + 11025), 22050));
    expect(info).toEqual({
      sampleRate: 22050,
      channels: 1,
      bitsPerSample: 16,
      sampleCount: 55125,
      durationMs: 2500,
    });
  });

  it("handles an empty data chunk", () => {
    expect(decodeWavInfo(encodeWav(new Int16Array(0), 16000)).durationMs).toBe(0);
  });

  it("skips unknown chunks before data", () => {
    const base = encodeWav(new Int16Array(100), 8000);
    const list = new Uint8Array([0x4c, 0x49, 0x53, 0x54, 3, 0, 0, 0, 1, 2, 3, 0]); // 'LIST', odd size + pad byte
    const bytes = new Uint8Array(base.length + list.length);
    bytes.set(base.subarray(0, 36));
    bytes.set(list, 36);
    bytes.set(base.subarray(36), 36 + list.length);
    expect(decodeWavInfo(bytes).sampleCount).toBe(100);
  });

  it("throws on non-RIFF input", () => {
    expect(() => decodeWavInfo(new TextEncoder().encode("ID3 not a wave file"))).toThrow(/RIFF/);
    expect(() => decodeWavInfo(new Uint8Array(4))).toThrow(/RIFF/);
  });
});
