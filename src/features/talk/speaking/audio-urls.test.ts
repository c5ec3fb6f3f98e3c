import { afterEach, describe, expect, it, vi } from "vitest";
import { recentAudioUrls } from "./audio-urls.ts";

afterEach(() => vi.restoreAllMocks());

describe("recent audio URLs", () => {
  it("keeps the most recently used and revokes the oldest past the size", () => {
    const revoked: string[] = [];
    vi.spyOn(URL, "revokeObjectURL").mockImplementation((url) => void revoked.push(url));
    const urls = recentAudioUrls(2);
    const a = urls.keep("a", new Uint8Array([1]));
    const b = urls.keep("b", new Uint8Array([2]));
    expect(urls.get("a")).toBe(a);
    urls.keep("c", new Uint8Array([3]));
    // "a" was used after "b": "b" is the oldest and goes.
    expect(revoked).toEqual([b]);
    expect(urls.get("b")).toBeUndefined();
    expect(urls.get("a")).toBe(a);
    urls.clear();
    expect(revoked).toHaveLength(3);
    expect(urls.get("a")).toBeUndefined();
  });
});
