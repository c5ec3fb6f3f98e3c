/**
 * Saves the latest of a quickly changing value after a pause, so typing does not write to
 * IndexedDB on every key. `flush` writes what is pending at once (page hidden, page left, audio
 * made); `cancel` drops it (Reset).
 */
export type DebouncedSave<T> = {
  schedule(value: T): void;
  flush(): void;
  cancel(): void;
};

export function createDebouncedSave<T>(
  save: (value: T) => unknown,
  delayMs: number,
): DebouncedSave<T> {
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  const flush = () => {
    const next = pending;
    cancel();
    if (next) save(next.value);
  };
  return {
    schedule(value) {
      clearTimeout(timer);
      pending = { value };
      timer = setTimeout(flush, delayMs);
    },
    flush,
    cancel,
  };
}
