import { describe, expect, it } from "vitest";
import {
  back,
  fitScan,
  highlighted,
  move,
  select,
  startScan,
  stopScan,
  stoppedScan,
  tick,
  undo,
  type ScanOptions,
  type ScanShape,
  type ScanState,
} from "@/features/talk/scanning/scan-machine";

const button: ScanShape = { children: [] };
const row = (buttons: number): ScanShape => ({
  children: Array.from({ length: buttons }, () => button),
});

// A screen of two groups: the first has two rows (3 and 2 buttons), the second one row of 4.
const screen: ScanShape = { children: [{ children: [row(3), row(2)] }, { children: [row(4)] }] };

const auto: ScanOptions = { mode: "auto", emptyRounds: 2 };
const step: ScanOptions = { mode: "step", emptyRounds: 2 };

const ticks = (state: ScanState, count: number, tree = screen, options = auto) => {
  for (let i = 0; i < count; i++) state = tick(state, tree, options);
  return state;
};

describe("one-switch scanning", () => {
  it("moves through the groups, then the rows of the chosen group, then its buttons", () => {
    let state = startScan();
    expect(highlighted(state)).toEqual([0]);
    state = tick(state, screen, auto);
    expect(highlighted(state)).toEqual([1]);
    state = tick(state, screen, auto);
    expect(highlighted(state)).toEqual([0]);

    state = select(state, screen).state;
    expect(highlighted(state)).toEqual([0, 0]);
    state = ticks(state, 1);
    expect(highlighted(state)).toEqual([0, 1]);
    state = select(state, screen).state;
    expect(highlighted(state)).toEqual([0, 1, 0]);
    state = tick(state, screen, auto);

    const { state: after, effect } = select(state, screen);
    expect(effect).toEqual({ kind: "press", path: [0, 1, 1] });
    // Pressed: the scan starts again from the top, with the undo of that press first.
    expect(highlighted(after)).toBe("undo");
    expect(highlighted(tick(after, screen, auto))).toEqual([0]);
  });

  it("ends each group below the top with a Back step, which returns to the group", () => {
    let state = select(startScan(), screen).state;
    state = ticks(state, 2);
    expect(highlighted(state)).toBe("back");
    const result = select(state, screen);
    expect(result.effect).toEqual({ kind: "none" });
    expect(highlighted(result.state)).toEqual([0]);
  });

  it("leaves a group after the set number of empty rounds, and stops after as many at the top", () => {
    let state = select(startScan(), screen).state;
    // Two steps and Back make one round of the first group; two rounds and it goes up.
    state = ticks(state, 5);
    expect(highlighted(state)).toBe("back");
    state = tick(state, screen, auto);
    expect(state.group).toEqual([]);
    expect(highlighted(state)).toEqual([0]);

    state = ticks(state, 3);
    expect(state.stopped).toBe(false);
    state = tick(state, screen, auto);
    expect(state.stopped).toBe("rounds");
    expect(highlighted(state)).toBeNull();
    expect(tick(state, screen, auto)).toBe(state);

    // A switch press starts it again, from the top.
    const restarted = select(state, screen);
    expect(restarted.effect).toEqual({ kind: "none" });
    expect(highlighted(restarted.state)).toEqual([0]);
  });
});

describe("two-switch step scanning", () => {
  it("moves only on the move switch, never on a tick, and never stops by itself", () => {
    let state = startScan();
    expect(tick(state, screen, step)).toBe(state);
    for (let i = 0; i < 10; i++) state = move(state, screen, step);
    expect(state.stopped).toBe(false);
    expect(highlighted(state)).toEqual([0]);
    state = move(state, screen, step);
    state = select(state, screen).state;
    expect(highlighted(state)).toEqual([1, 0]);
    state = select(state, screen).state;
    state = move(move(state, screen, step), screen, step);
    expect(highlighted(state)).toEqual([1, 0, 2]);
    expect(select(state, screen).effect).toEqual({ kind: "press", path: [1, 0, 2] });
  });

  it("starts a stopped scan with either switch", () => {
    expect(highlighted(move(stoppedScan, screen, step))).toEqual([0]);
    expect(highlighted(select(stoppedScan, screen).state)).toEqual([0]);
  });
});

describe("undo", () => {
  const pressed = () => {
    let state = select(startScan(), screen).state;
    state = select(state, screen).state;
    state = tick(state, screen, auto);
    return select(state, screen);
  };

  it("right after a press, the first step undoes it and returns to the pressed button", () => {
    const { state, effect } = pressed();
    expect(effect).toEqual({ kind: "press", path: [0, 0, 1] });
    const undone = select(state, screen);
    expect(undone.effect).toEqual({ kind: "undo", path: [0, 0, 1] });
    expect(highlighted(undone.state)).toEqual([0, 0, 1]);
    // The neighbour, the button meant, is one step on.
    expect(highlighted(tick(undone.state, screen, auto))).toEqual([0, 0, 2]);
  });

  it("is offered once: when the highlight moves on, the press stands", () => {
    const moved = tick(pressed().state, screen, auto);
    expect(moved.undoable).toBeNull();
    expect(undo(moved, screen).effect).toEqual({ kind: "none" });
  });

  it("can be asked for directly (the Undo button) while it is offered", () => {
    expect(undo(pressed().state, screen).effect).toEqual({ kind: "undo", path: [0, 0, 1] });
  });

  it("goes back up a group directly (the Back button), and stops on request", () => {
    const inside = select(startScan(), screen).state;
    expect(highlighted(back(inside))).toEqual([0]);
    expect(back(startScan())).toEqual(startScan());
    const stopped = stopScan(inside);
    expect(stopped.stopped).toBe("user");
    expect(highlighted(stopped)).toBeNull();
  });
});

describe("a press that changed what was round it (a phrase moved or deleted)", () => {
  // The caller marks such a press (scan-targets.ts, scanResumeAttribute) with where it was.
  const pressedHere = (): ScanState => {
    let state = select(startScan(), screen).state;
    state = select(tick(state, screen, auto), screen).state;
    state = tick(state, screen, auto);
    const { state: after, effect } = select(state, screen);
    expect(effect).toEqual({ kind: "press", path: [0, 1, 1] });
    return { ...after, resume: [0, 1, 1] };
  };

  it("goes on from the pressed button after the Undo step, not from the top", () => {
    const state = pressedHere();
    expect(highlighted(state)).toBe("undo");
    const next = tick(state, screen, auto);
    expect(highlighted(next)).toEqual([0, 1, 1]);
    expect(next.undoable).toBeNull();
    expect(next.resume).toBeNull();
    // Pressed again at once: moved one more place, with no walk down from the top.
    expect(select(next, screen).effect).toEqual({ kind: "press", path: [0, 1, 1] });
    expect(highlighted(move(state, screen, step))).toEqual([0, 1, 1]);
  });

  it("goes on from the nearest place when the tree has less there now", () => {
    const state = pressedHere();
    const smaller: ScanShape = { children: [{ children: [row(3), row(1)] }, { children: [] }] };
    expect(highlighted(tick(state, smaller, auto))).toEqual([0, 1, 0]);
    const noGroup: ScanShape = { children: [{ children: [row(3)] }] };
    expect(highlighted(tick(state, noGroup, auto))).toEqual([0, 0]);
  });

  it("is undone with the highlight on the place it changed (a deleted phrase's, brought back)", () => {
    // What undoes it stands elsewhere (a deleted phrase's Undo in an alert, at [1, 0, 3]).
    const state: ScanState = { ...pressedHere(), undoable: [1, 0, 3] };
    const undone = select(state, screen);
    expect(undone.effect).toEqual({ kind: "undo", path: [1, 0, 3] });
    expect(highlighted(undone.state)).toEqual([0, 1, 1]);
    expect(undone.state.resume).toBeNull();
  });

  it("any other press starts the scan again from the top after its Undo step", () => {
    const state = { ...pressedHere(), resume: null };
    expect(highlighted(tick(state, screen, auto))).toEqual([0]);
  });
});

describe("a tree that changes", () => {
  it("keeps the highlight where it still fits", () => {
    const state = select(startScan(), screen).state;
    expect(fitScan(state, screen)).toBe(state);
  });

  it("leaves a group that is gone, and forgets an undo whose button is gone", () => {
    let state = ticks(select(startScan(), screen).state, 0);
    state = { ...state, group: [1], at: 0 };
    const smaller: ScanShape = { children: [{ children: [row(3)] }] };
    const fitted = fitScan(state, smaller);
    expect(fitted.group).toEqual([]);
    expect(highlighted(fitted)).toEqual([0]);

    const afterPress = pressed(screen);
    expect(fitScan(afterPress, { children: [row(1)] }).undoable).toBeNull();
  });

  it("after a press that opened a dialog, the switch does not choose what the Undo step hid", () => {
    // The press opened a dialog of three choices: the screen is now that dialog alone.
    const afterPress = pressed(screen);
    expect(highlighted(afterPress)).toBe("undo");
    const dialog: ScanShape = { children: [button, button, button] };
    const { state, effect } = select(afterPress, dialog);
    expect(effect).toEqual({ kind: "none" });
    expect(highlighted(state)).toEqual([0]);
    // The next press chooses it, now that it is shown.
    expect(select(state, dialog).effect).toEqual({ kind: "press", path: [0] });
    // A tick or a move shows the first choice first, rather than skipping to the second.
    expect(highlighted(tick(afterPress, dialog, auto))).toEqual([0]);
    expect(highlighted(move(afterPress, dialog, step))).toEqual([0]);
  });

  it("starts at the first step when a row lost the highlighted button", () => {
    const state: ScanState = { ...startScan(), group: [1, 0], at: 3 };
    const fitted = fitScan(state, { children: [row(1), { children: [row(2)] }] });
    expect(highlighted(fitted)).toEqual([1, 0, 0]);
  });

  it("does nothing on an empty screen", () => {
    const empty: ScanShape = { children: [] };
    const state = ticks(startScan(), 2, empty);
    expect(state.stopped).toBe("rounds");
    expect(select(startScan(), empty).effect).toEqual({ kind: "none" });
  });
});

function pressed(tree: ScanShape): ScanState {
  let state = select(startScan(), tree).state;
  state = select(state, tree).state;
  return select(state, tree).state;
}
