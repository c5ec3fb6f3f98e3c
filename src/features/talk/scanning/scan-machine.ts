/**
 * Switch access: the highlight's way through the screen, as plain functions. The screen is a tree
 * (groups such as the board's categories, the rows in them, the buttons in a row); a switch press
 * selects what is highlighted: a group is entered, a button is pressed. One-switch scanning moves
 * the highlight on each tick of a timer the caller keeps; two-switch scanning moves it on the
 * other switch. Time only comes in as `tick` events, so the machine never reads a clock.
 *
 * Each group below the top ends with a Back step (as iOS Switch Control's Escape item does), so a
 * wrong group costs no wait on every right one. Right after a button was pressed the first step
 * is Undo, which goes back to that button (the caller stops what it started, a phrase being said).
 * After the Undo step the scan starts again from the top, or, after a press that changed what was
 * round it (a phrase moved or deleted while the board is edited), goes on from there: moving a
 * phrase several places is a press and a step each time, not the whole way down again.
 */

/** The tree as the machine needs it: a leaf (a button) has no children. */
export type ScanShape = { readonly children: readonly ScanShape[] };

/** A place in the tree: the children chosen from the top. */
export type ScanPath = readonly number[];

export type ScanMode = "auto" | "step";

export type ScanOptions = {
  mode: ScanMode;
  /** Full rounds of a group without a selection, after which one-switch scanning leaves it (or stops, at the top). */
  emptyRounds: number;
};

export type ScanStep = number | "back" | "undo";

export type ScanState = {
  /** Stopped: waiting for a switch press to start again; `user` when the user stopped it. */
  stopped: false | "rounds" | "user";
  /** The group being scanned. */
  group: ScanPath;
  /** What is highlighted in it: a child, the step back up, or the undo of the last press. */
  at: ScanStep;
  emptyRounds: number;
  /** The button the last press pressed, while it can still be undone. */
  undoable: ScanPath | null;
  /**
   * Where the scan goes on after the Undo step, and what Undo highlights, when the last press
   * changed what was round it: the pressed button's place, or the nearest one if it went.
   */
  resume: ScanPath | null;
};

export type ScanEffect =
  | { kind: "none" }
  /** Press the button at `path`. */
  | { kind: "press"; path: ScanPath }
  /** Undo the press of the button at `path`. */
  | { kind: "undo"; path: ScanPath };

export type ScanResult = { state: ScanState; effect: ScanEffect };

const none: ScanEffect = { kind: "none" };

export const startScan = (): ScanState => ({
  stopped: false,
  group: [],
  at: 0,
  emptyRounds: 0,
  undoable: null,
  resume: null,
});

export const stoppedScan: ScanState = { ...startScan(), stopped: "user" };

/** The node at `path`, or undefined when the tree no longer has it. */
export function nodeAt(tree: ScanShape, path: ScanPath): ScanShape | undefined {
  let node: ScanShape | undefined = tree;
  for (const index of path) node = node?.children[index];
  return node;
}

/** The steps of a group in order: its children, then Back below the top. */
function stepsOf(tree: ScanShape, group: ScanPath): ScanStep[] {
  const children = nodeAt(tree, group)?.children.map((_, index) => index) ?? [];
  return group.length > 0 ? [...children, "back"] : children;
}

/** What is highlighted: a node's path, or a Back or Undo step (null when stopped or empty). */
export function highlighted(state: ScanState): ScanPath | "back" | "undo" | null {
  if (state.stopped) return null;
  return typeof state.at === "number" ? [...state.group, state.at] : state.at;
}

/** The step after the Undo step: the place the press changed (`resume`), else the top. */
function afterUndoStep(state: ScanState, tree: ScanShape): ScanState {
  const place = state.resume;
  const next: ScanState = { ...state, group: [], at: 0, undoable: null, resume: null };
  return fitScan(
    place?.length ? { ...next, group: place.slice(0, -1), at: place.at(-1)! } : next,
    tree,
  );
}

/**
 * The state fitted to a tree that changed (buttons came or went): a group or step that is no
 * longer there is left for the nearest one that is.
 */
export function fitScan(state: ScanState, tree: ScanShape): ScanState {
  if (state.stopped) return state;
  if (
    state.at === "undo" &&
    !(state.undoable && nodeAt(tree, state.undoable)?.children.length === 0)
  )
    return afterUndoStep(state, tree);
  let group = state.group;
  while (group.length > 0 && !((nodeAt(tree, group)?.children.length ?? 0) > 0))
    group = group.slice(0, -1);
  const undoable =
    state.undoable && nodeAt(tree, state.undoable)?.children.length === 0 ? state.undoable : null;
  const steps = stepsOf(tree, group);
  if (steps.length === 0) return { ...state, group: [], at: 0, undoable: null };
  let at: ScanStep = state.at;
  if (group !== state.group) at = 0;
  else if (typeof at === "number" && at >= (nodeAt(tree, group)?.children.length ?? 0))
    at = steps[0]!;
  return group === state.group && at === state.at && undoable === state.undoable
    ? state
    : { ...state, group, at, undoable };
}

/** The highlight's next step in its group; a full round without a press is counted. */
function advance(state: ScanState, tree: ScanShape, options: ScanOptions): ScanState {
  if (state.stopped) return state;
  if (state.at === "undo") return afterUndoStep(state, tree);
  const steps = stepsOf(tree, state.group);
  const position = steps.indexOf(state.at);
  const next = position + 1;
  if (next < steps.length) return { ...state, at: steps[next]! };
  const emptyRounds = state.emptyRounds + 1;
  if (options.mode === "auto" && emptyRounds >= options.emptyRounds) {
    if (state.group.length === 0) return { ...state, stopped: "rounds", emptyRounds: 0 };
    return up(state);
  }
  return { ...state, at: steps[0] ?? 0, emptyRounds };
}

/** Out of the present group, with the group itself highlighted. */
function up(state: ScanState): ScanState {
  return {
    ...state,
    group: state.group.slice(0, -1),
    at: state.group.at(-1) ?? 0,
    emptyRounds: 0,
  };
}

/** Whether fitting to a changed tree moved the highlight (what it was on is gone). */
const movedBy = (fitted: ScanState, state: ScanState) =>
  // Fitting only ever leaves groups: a group of the same depth is the same group.
  fitted.group.length !== state.group.length || fitted.at !== state.at;

/**
 * The highlight's next step. When what it was on has gone (the Undo of a press that opened a
 * dialog, a button taken away), the step it was fitted to is the next one: moving on from there
 * would skip it, the first step of the group.
 */
function stepOn(state: ScanState, tree: ScanShape, options: ScanOptions): ScanState {
  const fitted = fitScan(state, tree);
  return movedBy(fitted, state) ? fitted : advance(fitted, tree, options);
}

/** A tick of one-switch scanning's timer: the highlight moves on. */
export function tick(state: ScanState, tree: ScanShape, options: ScanOptions): ScanState {
  return options.mode === "auto" ? stepOn(state, tree, options) : state;
}

/** Two-switch scanning's move switch: the highlight moves on. */
export function move(state: ScanState, tree: ScanShape, options: ScanOptions): ScanState {
  if (state.stopped) return startScan();
  return stepOn(state, tree, { ...options, mode: "step" });
}

/**
 * The select switch: starts a stopped scan, enters a group, presses a button, goes back or undoes.
 * When what was highlighted has gone (the Undo of a press that opened a dialog over it), the
 * press only shows where the highlight is now: it never acts on what the user did not see
 * highlighted (the dialog's first choice).
 */
export function select(state: ScanState, tree: ScanShape): ScanResult {
  if (state.stopped) return { state: startScan(), effect: none };
  const now = fitScan(state, tree);
  if (movedBy(now, state)) return { state: now, effect: none };
  if (now.at === "undo" && now.undoable) {
    const path = now.undoable;
    // Back on the pressed button, or where the press changed things (a deleted phrase's place).
    const place = now.resume ?? path;
    return {
      state: {
        ...now,
        group: place.slice(0, -1),
        at: place.at(-1)!,
        emptyRounds: 0,
        undoable: null,
        resume: null,
      },
      effect: { kind: "undo", path },
    };
  }
  if (now.at === "back") return { state: up(now), effect: none };
  if (typeof now.at !== "number") return { state: now, effect: none };
  const path = [...now.group, now.at];
  const node = nodeAt(tree, path);
  if (!node) return { state: now, effect: none };
  if (node.children.length > 0)
    return {
      state: { ...now, group: path, at: 0, emptyRounds: 0, undoable: null, resume: null },
      effect: none,
    };
  return {
    state: { stopped: false, group: [], at: "undo", emptyRounds: 0, undoable: path, resume: null },
    effect: { kind: "press", path },
  };
}

/** Undoes the last press straight away (the Undo button, tapped or clicked). */
export function undo(state: ScanState, tree: ScanShape): ScanResult {
  if (!state.undoable) return { state, effect: none };
  return select({ ...state, stopped: false, at: "undo" }, tree);
}

/** Back up one group straight away (the Back button, tapped or clicked). */
export function back(state: ScanState): ScanState {
  return state.stopped || state.group.length === 0 ? state : up(state);
}

/** The user stops scanning (the Stop button); a switch press starts it again. */
export const stopScan = (state: ScanState): ScanState => ({ ...state, stopped: "user" });
