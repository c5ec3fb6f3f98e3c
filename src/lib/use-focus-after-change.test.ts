import { afterEach, describe, expect, it, vi } from "vitest";
import { focusRequests } from "@/lib/use-focus-after-change";

/** A page of buttons by selector, each telling when it takes the focus. */
function page() {
  const focused: string[] = [];
  const shown = new Map<string, HTMLElement>();
  const show = (selector: string, disabled = false) =>
    shown.set(selector, {
      disabled,
      focus: () => focused.push(selector),
    } as unknown as HTMLElement);
  // The focus as the page holds it: on the page itself (null) until a button takes it.
  let focus: string | null = null;
  return {
    focused,
    show,
    find: (selector: string) => shown.get(selector) ?? null,
    focusOn: (selector: string | null) => (focus = selector),
    focusNow: () => (focus === null ? null : (shown.get(focus) ?? null)),
  };
}

describe("the focus after a change", () => {
  afterEach(() => vi.useRealTimers());

  it("goes to what is wanted once it is drawn, however long the draw takes", () => {
    vi.useFakeTimers();
    const { focused, show, find, focusNow } = page();
    const requests = focusRequests(find, focusNow);
    requests.request(["#delete-toilet", "#say-toilet"]);
    // A slow tablet draws the phrase brought back by Undo seconds later.
    vi.advanceTimersByTime(5000);
    requests.drawn();
    expect(focused).toEqual([]);
    show("#say-toilet");
    show("#delete-toilet");
    requests.drawn();
    expect(focused).toEqual(["#delete-toilet"]);
    // Given once: a later draw leaves the focus where the user takes it.
    requests.drawn();
    expect(focused).toEqual(["#delete-toilet"]);
  });

  it("passes over a disabled button to the next wanted", () => {
    const { focused, show, find, focusNow } = page();
    const requests = focusRequests(find, focusNow);
    show("#up", true);
    show("#edit");
    requests.request(["#up", "#edit"]);
    requests.drawn();
    expect(focused).toEqual(["#edit"]);
  });

  it("is given up at the user's next press, so it never takes the focus from where they went", () => {
    const { focused, show, find, focusNow } = page();
    const requests = focusRequests(find, focusNow);
    requests.request(["#delete-toilet"]);
    requests.pressed();
    show("#delete-toilet");
    requests.drawn();
    expect(focused).toEqual([]);
  });

  it("is given up when something else took the focus meanwhile: switch scanning's highlight", () => {
    const { focused, show, find, focusOn, focusNow } = page();
    const requests = focusRequests(find, focusNow);
    // The switch presses a phrase's Move down, which has the focus (the highlight is on it).
    show("#down-tea");
    focusOn("#down-tea");
    requests.request(["#down-tea"]);
    // The highlight goes to the Undo step, and the focus with it; then the board is drawn.
    show("#scan-undo");
    focusOn("#scan-undo");
    requests.drawn();
    expect(focused).toEqual([]);
  });

  it("is given when the pressed button still has the focus, or it went with the button", () => {
    const { focused, show, find, focusOn, focusNow } = page();
    const requests = focusRequests(find, focusNow);
    show("#down-tea");
    focusOn("#down-tea");
    requests.request(["#down-tea"]);
    requests.drawn();
    expect(focused).toEqual(["#down-tea"]);
    // Deleted: the button went, and the focus with it, to the page.
    requests.request(["#undo"]);
    focusOn(null);
    show("#undo");
    requests.drawn();
    expect(focused).toEqual(["#down-tea", "#undo"]);
  });
});
