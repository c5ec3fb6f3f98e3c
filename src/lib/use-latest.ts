import { useEffect, useRef } from "react";

/**
 * The value as of the last render, for work that goes on after an `await` and must see what is
 * there now rather than what was there when it began (the boards, once a file's pictures are kept).
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  return latest;
}
