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
  return { focused, show, find: (selector: string) => shown.get(selector) ?? null };
}

describe("the focus after a change", () => {
  afterEach(() => vi.useRealTimers());

  it("goes to what is wanted once it is drawn, however long the draw takes", () => {
    vi.useFakeTimers();
    const { focused, show, find } = page();
    const requests = focusRequests(find);
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
    const { focused, show, find } = page();
    const requests = focusRequests(find);
    show("#up", true);
    show("#edit");
    requests.request(["#up", "#edit"]);
    requests.drawn();
    expect(focused).toEqual(["#edit"]);
  });

  it("is given up at the user's next press, so it never takes the focus from where they went", () => {
    const { focused, show, find } = page();
    const requests = focusRequests(find);
    requests.request(["#delete-toilet"]);
    requests.pressed();
    show("#delete-toilet");
    requests.drawn();
    expect(focused).toEqual([]);
  });
});
