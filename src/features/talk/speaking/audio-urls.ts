/**
 * Audio made on the device, kept as object URLs by key so the same words are not made twice:
 * the most recently used last, and past `size` the oldest is let go (its URL revoked).
 */
export function recentAudioUrls(size: number) {
  const urls = new Map<string, string>();
  return {
    get(key: string): string | undefined {
      const url = urls.get(key);
      if (url === undefined) return undefined;
      urls.delete(key);
      urls.set(key, url);
      return url;
    },
    /** Keeps the WAV bytes as an object URL under `key` and returns the URL. */
    keep(key: string, wav: BlobPart): string {
      const url = URL.createObjectURL(new Blob([wav], { type: "audio/wav" }));
      urls.set(key, url);
      if (urls.size > size) {
        const [oldestKey, oldestUrl] = urls.entries().next().value!;
        urls.delete(oldestKey);
        URL.revokeObjectURL(oldestUrl);
      }
      return url;
    },
    clear() {
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    },
  };
}
