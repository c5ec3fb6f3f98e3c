/**
 * What switch scanning goes through, read from the page as it is drawn, so no panel has to list
 * its buttons: groups are the screen's sections (and anything marked `data-scan-group`), named by
 * their heading; their buttons fall into rows by where they are drawn (scan-rows.ts). A panel that
 * loads later, or a phrase added to the board, joins by itself. A long group's rows come in
 * blocks (scan-rows.ts). `data-scan-skip` leaves a part out.
 */
import { inBlocks, rowsByLine } from "@/features/talk/scanning/scan-rows";

export type ScanTarget =
  | { kind: "group"; element: HTMLElement; label: string; children: ScanTarget[] }
  | { kind: "row"; children: ScanTarget[] }
  /** Rows of a long group, scanned as one step before the rows in it. */
  | { kind: "block"; children: ScanTarget[] }
  | { kind: "item"; element: HTMLElement; label: string; children: [] };

const groupSelector = "section, [data-scan-group]";
const itemSelector = [
  "button",
  "a[href]",
  "input:not([type='hidden'])",
  "select",
  "textarea",
  "summary",
  "[role='button']",
  "[role='checkbox']",
  "[role='radio']",
  "[role='switch']",
  "[role='tab']",
].join(", ");
/** A modal dialog takes the scan while it is open: nothing behind it can be used. */
const modalSelector =
  "dialog[open], [role='dialog'][aria-modal='true'], [role='alertdialog'][aria-modal='true']";

const isLeftOut = (element: HTMLElement) =>
  element.hidden ||
  element.inert ||
  element.getAttribute("aria-hidden") === "true" ||
  element.hasAttribute("data-scan-skip");

/** Whether a button can be scanned: usable and in sight (not disabled, hidden or drawn nowhere). */
export const isUsable = (element: HTMLElement) =>
  !element.matches(":disabled") &&
  element.getAttribute("aria-disabled") !== "true" &&
  element.checkVisibility({ visibilityProperty: true }) &&
  element.getClientRects().length > 0;

/**
 * An element's text as a screen reader reads it: without what is hidden from one (a button's
 * other label, laid out only to keep its room: Button's `roomFor`).
 */
function textOf(element: Element | null | undefined) {
  if (!element) return "";
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll("[aria-hidden='true']")) hidden.remove();
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** The name a screen reader would give the element, near enough to name it aloud. */
export function nameOf(element: HTMLElement): string {
  const label = element.getAttribute("aria-label");
  if (label) return label.trim();
  const labelledBy = element.getAttribute("aria-labelledby");
  if (labelledBy) {
    const text = labelledBy
      .split(/\s+/)
      .map((id) => textOf(document.getElementById(id)))
      .join(" ")
      .trim();
    if (text) return text;
  }
  if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) {
    const text = textOf(element.labels?.[0]);
    if (text) return text;
  }
  if (element instanceof HTMLTextAreaElement) {
    const text = textOf(element.labels?.[0]);
    if (text) return text;
  }
  if (element.matches(groupSelector)) return textOf(element.querySelector("h1, h2, h3, h4"));
  return textOf(element) || element.getAttribute("title") || "";
}

/** A group of one row is that row's buttons under the group's name; a group of one thing is it. */
function groupOf(element: HTMLElement): ScanTarget | null {
  const children = targetsIn(element);
  if (children.length === 0) return null;
  const only = children.length === 1 ? children[0]! : null;
  if (only && only.kind !== "row") return only;
  // One row's buttons are its steps; many rows (and no groups among them) may come in blocks.
  if (only) return { kind: "group", element, label: nameOf(element), children: only.children };
  const hasGroups = children.some((child) => child.kind === "group");
  return {
    kind: "group",
    element,
    label: nameOf(element),
    children: hasGroups
      ? children
      : inBlocks(children, (block) => ({ kind: "block", children: block })),
  };
}

function rowsOf(items: HTMLElement[]): ScanTarget[] {
  const boxes = items.map((item) => item.getBoundingClientRect());
  return rowsByLine(boxes).map((row) => {
    const children = row.map((index): ScanTarget => ({
      kind: "item",
      element: items[index]!,
      label: nameOf(items[index]!),
      children: [],
    }));
    return children.length === 1 ? children[0]! : { kind: "row", children };
  });
}

/** The groups and rows inside `container`, in document order. */
function targetsIn(container: HTMLElement): ScanTarget[] {
  const targets: ScanTarget[] = [];
  let loose: HTMLElement[] = [];
  const flush = () => {
    targets.push(...rowsOf(loose));
    loose = [];
  };
  const walk = (parent: Element) => {
    for (const child of parent.children) {
      if (!(child instanceof HTMLElement) || isLeftOut(child)) continue;
      if (child.matches(itemSelector)) {
        if (isUsable(child)) loose.push(child);
      } else if (child.matches(groupSelector)) {
        flush();
        const group = groupOf(child);
        if (group) targets.push(group);
      } else {
        walk(child);
      }
    }
  };
  walk(container);
  flush();
  return targets;
}

/** Marks the dialog of a list's choices (scan-choice-dialog.tsx), whose choice Undo sets back. */
export const scanChoicesAttribute = "data-scan-choices";

/**
 * Mark a button whose press another one undoes (a phrase's Move up, which its Move down sends
 * back): the pressed one's `scanUndoneByAttribute` holds the key that the other's
 * `scanKeyAttribute` holds, and the switch's Undo presses that one.
 */
export const scanUndoneByAttribute = "data-scan-undone-by";
export const scanKeyAttribute = "data-scan-key";

/**
 * Mark a button whose press changes what is round it (a phrase's Move up, Move down, Delete), or
 * after whose press the user goes on in the same place (its Favourite):
 * after its Undo step the scan goes on from it, or from the nearest place if it went, not from the
 * top (scan-machine.ts).
 */
export const scanResumeAttribute = "data-scan-resume";

/**
 * The button keyed `undoneBy` (read from the pressed one as it was pressed), found in `root` as
 * the screen is now; none when it cannot act (held at the end of its group).
 */
export function undoingButton(undoneBy: string | null, root: ParentNode): HTMLElement | null {
  const button = undoneBy
    ? root.querySelector<HTMLElement>(`[${scanKeyAttribute}="${CSS.escape(undoneBy)}"]`)
    : null;
  return button && button.getAttribute("aria-disabled") !== "true" ? button : null;
}

/** Sets a list as a person picking `value` in it would: its value, then its change event. */
export function pickFromList(list: HTMLSelectElement, value: string) {
  if (list.value === value) return;
  list.value = value;
  list.dispatchEvent(new Event("change", { bubbles: true }));
}

/** A box to type in: given the focus only when chosen (on a phone the focus opens the keyboard). */
export const isTypedIn = (element: HTMLElement) =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement &&
    !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(
      element.type,
    ));

/** The modal dialogs open now, from the first opened to the one on top. */
export const openModals = () =>
  [...document.querySelectorAll<HTMLElement>(modalSelector)].filter(
    (element) => !(element instanceof HTMLDialogElement) || element.matches(":modal"),
  );

/** The open modal dialog on top, else `root`: where scanning goes now. */
export const scanRootFor = (root: HTMLElement): HTMLElement => openModals().at(-1) ?? root;

/** The button, box or list that `element` is, or is in (a tap lands on a button's icon). */
export const controlOf = (element: Element) => element.closest<HTMLElement>(itemSelector);

/** The groups, rows and buttons in `container` (the page, or a dialog on it). */
export const scanTreeIn = (container: HTMLElement): { children: ScanTarget[] } => ({
  children: targetsIn(container),
});

/** The tree the scanning machine walks: the scan root's groups, rows and buttons. */
export const scanTreeOf = (root: HTMLElement) => scanTreeIn(scanRootFor(root));

/** The element that stands for a group or a button; rows and blocks have none of their own. */
export const elementOf = (target: ScanTarget): HTMLElement | null =>
  target.kind === "row" || target.kind === "block" ? null : target.element;

/** The place a target takes on the screen (a row's or block's is the box round its buttons). */
export function boxOf(target: ScanTarget): DOMRect | null {
  const element = elementOf(target);
  if (element) return element.getBoundingClientRect();
  const boxes = target.children.map((child) => boxOf(child)).filter((box) => box !== null);
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((box) => box.left));
  const top = Math.min(...boxes.map((box) => box.top));
  const right = Math.max(...boxes.map((box) => box.right));
  const bottom = Math.max(...boxes.map((box) => box.bottom));
  return new DOMRect(left, top, right - left, bottom - top);
}

/** What a target is, whatever its place: its element (a row's is its first button's). */
export const keyOfTarget = (target: ScanTarget): HTMLElement | null => focusElementOf(target);

/** The buttons in a row or block, in order; a button or group is its own. */
export const buttonsOf = (target: ScanTarget): ScanTarget[] =>
  target.kind === "row" || target.kind === "block" ? target.children.flatMap(buttonsOf) : [target];

/**
 * What names a target aloud: a row or block by its buttons, one after another (the spoken cue
 * says as many of them as it has time for), so a user who listens knows what is in it.
 */
export function labelOf(target: ScanTarget): string {
  return buttonsOf(target)
    .map((button) => (button.kind === "item" || button.kind === "group" ? button.label : ""))
    .filter(Boolean)
    .join(", ");
}

/**
 * Whether what `target` stood for when it was highlighted has gone from what is scanned (`isThere`
 * says of each of its elements, a group's or a button's): a button deleted in another tab, hidden by a panel that changed,
 * behind a dialog that opened. The highlight then points at nothing until it is fitted again.
 */
export function highlightGone(
  target: ScanTarget | undefined,
  isThere: (element: HTMLElement, kind: "group" | "item") => boolean,
): boolean {
  if (!target) return false;
  return [target, ...buttonsOf(target)].some(
    (one) => (one.kind === "group" || one.kind === "item") && !isThere(one.element, one.kind),
  );
}

/** The element that takes the focus when the target is highlighted. */
export function focusElementOf(target: ScanTarget): HTMLElement | null {
  const first = buttonsOf(target)[0];
  return first ? elementOf(first) : null;
}
