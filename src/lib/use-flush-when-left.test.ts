import { afterEach, describe, expect, it, vi } from "vitest";
import { useFlushWhenLeft } from "@/lib/use-flush-when-left";

/**
 * React, as far as the hook uses it, for a part drawn once without a browser: its effect runs,
 * and `unmount` runs the effect's cleanup, as when the part leaves the page.
 */
const react = vi.hoisted(() => {
  let cleanup: (() => void) | void;
  return {
    useEffect(effect: () => (() => void) | void) {
      cleanup = effect();
    },
    unmount() {
      cleanup?.();
      cleanup = undefined;
    },
  };
});
vi.mock("react", () => react);

describe("useFlushWhenLeft", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("writes what is pending when the page is hidden or left, and when the part goes", () => {
    const page = new EventTarget();
    const doc = new EventTarget();
    vi.stubGlobal("window", page);
    vi.stubGlobal("document", doc);
    const flush = vi.fn();

    useFlushWhenLeft(flush);
    expect(flush).not.toHaveBeenCalled();
    // The user switches to another app: the page is hidden, and may be dropped without a word.
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(flush).toHaveBeenCalledTimes(1);
    // The tab is closed, or the user goes to another site.
    page.dispatchEvent(new Event("pagehide"));
    expect(flush).toHaveBeenCalledTimes(2);
    // The user goes to another page of the app.
    react.unmount();
    expect(flush).toHaveBeenCalledTimes(3);
    // Gone, the part no longer writes.
    page.dispatchEvent(new Event("pagehide"));
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(flush).toHaveBeenCalledTimes(3);
  });
});
