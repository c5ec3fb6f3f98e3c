/**
 * Keeps the scan on the same things when the screen changes under it: the machine counts places
 * by position, and a panel that appears above (the said panel, after the first phrase) moves
 * every position after it. Before each switch press or tick, the group being scanned, the
 * highlighted step and the button that can be undone are found again by what they are (their
 * key: an element), not where they were.
 */
import {
  nodeAt,
  type ScanPath,
  type ScanShape,
  type ScanState,
} from "@/features/talk/scanning/scan-machine";

type Tree<Node> = { readonly children: readonly Node[] };
type Keyed<Node> = (node: Node) => unknown;

function keysAlong<Node extends Tree<Node>>(tree: Tree<Node>, path: ScanPath, keyOf: Keyed<Node>) {
  const keys: unknown[] = [];
  let node: Tree<Node> | undefined = tree;
  for (const index of path) {
    const child: Node | undefined = node?.children[index];
    if (!child) return null;
    keys.push(keyOf(child));
    node = child;
  }
  return keys;
}

function pathAlong<Node extends Tree<Node>>(
  tree: Tree<Node>,
  keys: readonly unknown[],
  keyOf: Keyed<Node>,
): number[] | null {
  const path: number[] = [];
  let node: Tree<Node> = tree;
  for (const key of keys) {
    const index = node.children.findIndex((child) => keyOf(child) === key);
    if (index < 0) return null;
    path.push(index);
    node = node.children[index]!;
  }
  return path;
}

/** Where the button (a leaf) with `key` is now, anywhere in the tree. */
export function find<Node extends Tree<Node>>(tree: Tree<Node>, key: unknown, keyOf: Keyed<Node>) {
  const search = (node: Tree<Node>, path: number[]): number[] | null => {
    for (const [index, child] of node.children.entries()) {
      if (child.children.length === 0 && keyOf(child) === key) return [...path, index];
      const found = search(child, [...path, index]);
      if (found) return found;
    }
    return null;
  };
  return search(tree, []);
}

/**
 * The place in `after` nearest to `path` in `before`: where its button is now, else, level by
 * level, the same group or row if it is there and the one that took its place if not (the next
 * phrase's row, after a deletion); a button gone from a row that is still there leaves the step
 * before it (a phrase's Move down, held at the end of its group, leaves its Move up).
 */
export function nearestPlace<Node extends Tree<Node>>(
  before: Tree<Node>,
  after: Tree<Node>,
  path: ScanPath,
  keyOf: Keyed<Node>,
): number[] | null {
  const keys = keysAlong(before, path, keyOf);
  if (!keys) return null;
  const found = find(after, keys.at(-1), keyOf);
  if (found) return found;
  const place: number[] = [];
  let node: Tree<Node> = after;
  let kept = true;
  for (const [depth, key] of keys.entries()) {
    const count = node.children.length;
    if (count === 0) break;
    const same = node.children.findIndex((child) => keyOf(child) === key);
    const wanted = kept && depth === keys.length - 1 ? path[depth]! - 1 : path[depth]!;
    const index = same >= 0 ? same : Math.max(0, Math.min(wanted, count - 1));
    kept = same >= 0;
    place.push(index);
    node = node.children[index]!;
  }
  return place.length > 0 ? place : null;
}

/**
 * `state`, made in `before`, with its places moved to where the same things are in `after`. A
 * pressed button that has gone may have something standing in for it (`standInFor`): a choice in
 * a list's dialog, which closed, for the list, so its Undo sets the list back.
 */
export function reanchorScan<Node extends Tree<Node> & ScanShape>(
  state: ScanState,
  before: Tree<Node>,
  after: Tree<Node>,
  keyOf: Keyed<Node>,
  standInFor: (gone: unknown) => unknown = () => undefined,
): ScanState {
  if (state.stopped) return state;
  let next = state;
  const groupKeys = keysAlong(before, state.group, keyOf);
  const group = groupKeys && pathAlong(after, groupKeys, keyOf);
  if (group) {
    next = { ...next, group };
    if (typeof state.at === "number") {
      const atKeys = keysAlong(before, [...state.group, state.at], keyOf);
      const at = atKeys && pathAlong(after, atKeys, keyOf);
      if (at) next = { ...next, at: at.at(-1)! };
    }
  }
  if (state.undoable) {
    const pressed = keysAlong(before, state.undoable, keyOf)?.at(-1);
    const found = pressed === undefined ? null : find(after, pressed, keyOf);
    const standIn = found || pressed === undefined ? undefined : standInFor(pressed);
    next = { ...next, undoable: found ?? (standIn ? find(after, standIn, keyOf) : null) };
  }
  if (state.resume) next = { ...next, resume: nearestPlace(before, after, state.resume, keyOf) };
  return next;
}

/** A switch press, and the alerts' Undo buttons that were on the screen before it. */
export type PressSeen = { pressed: unknown; undoButtonsBefore: readonly unknown[] };

/**
 * What stands in for a pressed button that has gone (`reanchorScan`'s `standInFor`): an Undo
 * button that came with the press (Delete of a phrase while the board is edited brings one,
 * and the phrase's buttons go), so the Undo step right after the press still takes it back.
 */
export function undoThatCameWith(
  gone: unknown,
  press: PressSeen | null,
  undoButtonsNow: readonly unknown[],
): unknown {
  if (!press || gone !== press.pressed) return undefined;
  return undoButtonsNow.find((button) => !press.undoButtonsBefore.includes(button));
}

/**
 * Whether the button or group the user saw highlighted (`seen`, in `before`) is not what the
 * scan highlights now (`now`, in `after`): it went from the scan (Stop once the phrase ended,
 * which is unavailable then), and its place is its neighbour's. A switch press then presses
 * nothing: it would press what the user never saw highlighted.
 */
export function highlightReplaced<Node extends Tree<Node> & ScanShape>(
  seen: ScanState,
  before: Tree<Node>,
  now: ScanState,
  after: Tree<Node>,
  keyOf: Keyed<Node>,
): boolean {
  if (seen.stopped || typeof seen.at !== "number") return false;
  const was = nodeAt(before, [...seen.group, seen.at]) as Node | undefined;
  if (!was) return false;
  if (now.stopped || typeof now.at !== "number") return true;
  const is = nodeAt(after, [...now.group, now.at]) as Node | undefined;
  return !is || keyOf(is) !== keyOf(was);
}

/**
 * How long a highlight that moved by itself (what it was on went: `highlightGone`) holds before a
 * select press acts on it. A switch user's press lands a long moment after they decide, so a
 * press just after the jump was meant for what had gone: it presses nothing, as a press on a
 * highlight replaced unseen does (`highlightReplaced`).
 */
export const movedByItselfHoldMs = 1000;

/**
 * The hold after the highlight moved by itself (`movedByItselfHoldMs`): it `jumped` at a time, and
 * whether a select press at `now` `acts`. The highlight moving on ends the hold: the user has seen
 * where it was, and a press after that, however soon, is meant for where it went. A move press
 * does (`movedOn`); one-switch scanning's step does when it was timed after the last jump, so the
 * place jumped to was shown a full step (`steppedOn`, given the `jumps` there had been then).
 */
export function createJumpHold() {
  let jumpedAt = -Infinity;
  let jumps = 0;
  return {
    jumped(now: number) {
      jumpedAt = now;
      jumps += 1;
    },
    jumps: () => jumps,
    movedOn() {
      jumpedAt = -Infinity;
    },
    steppedOn(jumpsWhenTimed: number) {
      if (jumpsWhenTimed === jumps) jumpedAt = -Infinity;
    },
    acts: (now: number) => now - jumpedAt >= movedByItselfHoldMs,
  };
}

/**
 * Where a dialog was opened from, as the scan saw it when the dialog came: the place (`path`) in
 * the screen behind it (`tree`) of the control last pressed (or, for a dialog that came by itself,
 * of the highlight), and that control's scan key (`scanKeyAttribute`), if it has one.
 */
export type DialogOpener<Node> = { tree: Tree<Node>; path: ScanPath; key: string | null };

/**
 * The place the user last chose or saw highlighted in `state`: the button just pressed, while its
 * Undo step is highlighted; the group being left, on its Back step.
 */
export function placeSeen(state: ScanState): ScanPath | null {
  if (state.stopped) return null;
  if (state.at === "undo") return state.undoable;
  if (state.at === "back") return state.group;
  return [...state.group, state.at];
}

/**
 * Keeps `openers` (each dialog open over the scan, with where it was opened from) up to date with
 * the dialogs open now (`open`, from the first opened to the one on top), and returns where the
 * scan goes back to: where the first opened of those that went was opened from (when a dialog
 * and one opened from it both closed, the scan goes back to the page); null if none went. A
 * dialog that came is given `openedFrom()`, or, if it came as another went (a question answered
 * opens the next dialog), where that one was opened from: the scan goes back there after both.
 */
export function dialogsChanged<Dialog, Opener>(
  openers: Map<Dialog, Opener | null>,
  open: readonly Dialog[],
  openedFrom: () => Opener | null,
): Opener | null {
  let back: Opener | null | undefined;
  for (const [dialog, opener] of openers) {
    if (open.includes(dialog)) continue;
    openers.delete(dialog);
    if (back === undefined) back = opener;
  }
  const top = open.at(-1);
  if (top === undefined || openers.has(top)) return back ?? null;
  openers.set(top, back === undefined ? openedFrom() : back);
  return null;
}

/**
 * Where the scan goes back to in `after` once a dialog opened from `opener` has closed: the
 * control it was opened from, or the one that took its place (`byKey`, found by the opener's
 * scan key: a phrase moved to another group has a new Edit); else, when that control has gone
 * (a phrase's Forget, with the examples it forgot), the place nearest to where it was.
 */
export function returnPlace<Node extends Tree<Node>>(
  opener: DialogOpener<Node>,
  after: Tree<Node>,
  keyOf: Keyed<Node>,
  byKey: unknown = undefined,
): number[] | null {
  const found = byKey === undefined ? null : find(after, byKey, keyOf);
  return found ?? nearestPlace(opener.tree, after, opener.path, keyOf);
}

/**
 * `state` once a dialog has closed, the scan back at `place`, where the dialog was opened from:
 * the highlight is there. Right after a press in the dialog (`pressedInDialog`) whose Undo still
 * acts (a list's choice, which Undo sets back), that Undo stays the first step, and the scan goes
 * on from `place` after it. The Undo of the press that opened the dialog is left out: closing the
 * dialog took that press back.
 */
export function backFromDialog(
  state: ScanState,
  place: ScanPath,
  pressedInDialog: boolean,
): ScanState {
  if (state.stopped || place.length === 0) return state;
  if (pressedInDialog && state.at === "undo" && state.undoable) return { ...state, resume: place };
  return {
    ...state,
    group: place.slice(0, -1),
    at: place.at(-1)!,
    emptyRounds: 0,
    undoable: null,
    resume: null,
  };
}

/**
 * The alert's Undo that came with a press whose button then went (a phrase's Delete), and the key
 * of that button: that Undo, pressed by the switch, a tap or a key, brings the phrase back, and
 * the highlight goes to it.
 */
export function undoLinkOf(
  press: (PressSeen & { key: string | null }) | null,
  pressedGone: boolean,
  undoButtonsNow: readonly unknown[],
): { undo: unknown; key: string } | null {
  if (!press?.key || !pressedGone) return null;
  const undo = undoThatCameWith(press.pressed, press, undoButtonsNow);
  return undo === undefined ? null : { undo, key: press.key };
}
