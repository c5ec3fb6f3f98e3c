import { describe, expect, it } from "vitest";
import { leaveBox } from "@/features/talk/scanning/use-switch-scanning";
import { mainContentId } from "@/lib/main-content";

/**
 * A box being typed in, as far as leaving it sees the page (the tests run without one): the
 * dialog it is in (null on the page) and the page's main content, each taking the focus or not.
 */
function boxIn({ dialog, main }: { dialog: boolean | null; main: boolean }) {
  const page = {
    activeElement: null as unknown,
    getElementById: (id: string) => (id === mainContentId ? mainContent : null),
  };
  const holder = (name: string, focusable: boolean) => {
    const element = {
      name,
      focus: (options?: FocusOptions) => {
        if (!focusable) return;
        page.activeElement = element;
        scrolled = !options?.preventScroll;
      },
    };
    return element;
  };
  let scrolled = false;
  const mainContent = holder("main", main);
  const box = {
    name: "box",
    ownerDocument: page,
    closest: () => (dialog === null ? null : holder("dialog", dialog)),
    blur: () => {
      if (page.activeElement === box) page.activeElement = null;
    },
  };
  page.activeElement = box;
  leaveBox(box as unknown as HTMLElement);
  const focused = page.activeElement as { name: string } | null;
  return { focused: focused?.name ?? "body", scrolled };
}

describe("leaving a box being typed in (Escape, or the switch held down)", () => {
  it("gives the focus to the dialog the box is in, so that a second Escape closes it", () => {
    expect(boxIn({ dialog: true, main: true })).toEqual({ focused: "dialog", scrolled: false });
  });

  it("gives it to the page's main content for a box on the page, not to the page's body", () => {
    expect(boxIn({ dialog: null, main: true })).toEqual({ focused: "main", scrolled: false });
  });

  it("leaves the box all the same when nothing round it takes the focus", () => {
    expect(boxIn({ dialog: false, main: false }).focused).toBe("body");
  });
});
