/**
 * Values that several tabs of the app change: the installed app beside a browser tab, each with
 * its own copy of the Talk boards or My voice's examples. `updateValue` makes a change on the value
 * as stored now, so a change another tab stored since this page read it is kept, where writing
 * this page's copy would erase it. `onChangeElsewhere` says when another tab stored a new value,
 * so this page can read it again and show it.
 */
import {
  changeValue,
  onValueChange,
  valueChangeLock,
  withDeviceLock,
  type StorageKey,
  type ValueChange,
} from "@/lib/storage";

// The keys this page stored a value under (a tab does not hear its own messages).
const channel =
  typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("dauys-storage");
const shared = new Set<StorageKey>();

/** From now on, every value this page stores under `key` is news to the other tabs. */
function share(key: StorageKey) {
  if (shared.has(key)) return;
  shared.add(key);
  onValueChange(key, (saved) => {
    if (saved) channel?.postMessage(key);
  });
}

/**
 * Changes the value as stored now (`change` gets it unchecked, undefined when there is none, and
 * may wait, to read another value: no other change of this one is made meanwhile), one change at
 * a time across tabs. Resolves to the value now kept. A failed write is reported as `writeValue`
 * reports it; the change is made again on the value as stored until a write succeeds
 * (`changeValue`), so what other tabs stored meanwhile stays.
 */
export function updateValue<T>(key: StorageKey, change: ValueChange<T>): Promise<T> {
  share(key);
  return withDeviceLock(valueChangeLock(key), async () => (await changeValue(key, change)).value);
}

/** Calls `listener` after another tab of the app stored a new value under `key` (or removed it). */
export function onChangeElsewhere(key: StorageKey, listener: () => void): () => void {
  share(key);
  const heard = (event: MessageEvent<unknown>) => {
    if (event.data === key) listener();
  };
  channel?.addEventListener("message", heard);
  return () => channel?.removeEventListener("message", heard);
}

/**
 * What `read` gives, read again when a change was made here meanwhile (`changesMade` counts them):
 * a value read before this page's own change would lack it, and taken over this page's copy, undo
 * it there.
 */
export async function readAfterChanges<T>(
  changesMade: () => number,
  read: () => Promise<T>,
): Promise<T> {
  for (;;) {
    const before = changesMade();
    const value = await read();
    if (before === changesMade()) return value;
  }
}
