import { describe, expect, it } from "vitest";
import {
  backFromDialog,
  dialogsChanged,
  highlightReplaced,
  movedByItselfHoldMs,
  placeSeen,
  reanchorScan,
  returnPlace,
  createJumpHold,
  undoLinkOf,
  undoThatCameWith,
  type DialogOpener,
} from "@/features/talk/scanning/scan-anchors";
import { fitScan, startScan, type ScanState } from "@/features/talk/scanning/scan-machine";

type Node = { key: string; children: Node[] };
const node = (key: string, children: Node[] = []): Node => ({ key, children });
const keyOf = (each: Node) => each.key;

const board = node("board", [node("needs", [node("water"), node("help")]), node("people")]);
const before = { children: [board, node("history")] };
// The said panel appeared above the board, and a phrase was added before "water".
const after = {
  children: [
    node("said", [node("again"), node("stop")]),
    node("board", [node("needs", [node("tea"), node("water"), node("help")]), node("people")]),
    node("history"),
  ],
};

describe("a scan kept on the same things when the screen changes", () => {
  it("follows the group and the highlighted button to where they are now", () => {
    const state: ScanState = { ...startScan(), group: [0, 0], at: 1 };
    expect(reanchorScan(state, before, after, keyOf)).toMatchObject({ group: [1, 0], at: 2 });
  });

  it("follows the button that can be undone", () => {
    const state: ScanState = { ...startScan(), at: "undo", undoable: [0, 0, 1] };
    expect(reanchorScan(state, before, after, keyOf).undoable).toEqual([1, 0, 2]);
  });

  it("finds the button itself, not a row named after it", () => {
    // A row is known by its first button; the undo is the button.
    const rows = { children: [node("row-water", [node("water"), node("help")])] };
    const byFirst = (each: Node) => (each.key === "row-water" ? "water" : each.key);
    const state: ScanState = { ...startScan(), at: "undo", undoable: [0, 0] };
    expect(reanchorScan(state, rows, rows, byFirst).undoable).toEqual([0, 0]);
  });

  it("forgets an undo whose button is gone, and leaves a group that is gone as it was", () => {
    const gone = { children: [node("history")] };
    const state: ScanState = { ...startScan(), group: [0, 0], at: 1, undoable: [0, 0, 0] };
    const next = reanchorScan(state, before, gone, keyOf);
    expect(next.undoable).toBeNull();
    expect(next.group).toEqual([0, 0]);
  });

  it("follows the place a press changed: its button where it is now, or the nearest place", () => {
    // A phrase's row of buttons is known by its first (the favourite star).
    const rowOf = (phrase: string, controls: string[]) =>
      node(`${phrase}-star`, [
        node(`${phrase}-star`),
        ...controls.map((c) => node(`${phrase}-${c}`)),
      ]);
    const controls = ["edit", "up", "down", "delete"];
    const edited = (...rows: Node[]) => ({ children: [node("board", [node("needs", rows)])] });
    const at = (path: number[]): ScanState => ({ ...startScan(), at: "undo", resume: path });
    const was = edited(rowOf("water", controls), rowOf("help", controls), rowOf("tea", controls));
    // "help" moved down: its Move down is where it is now.
    const moved = edited(rowOf("water", controls), rowOf("tea", controls), rowOf("help", controls));
    expect(reanchorScan(at([0, 0, 1, 3]), was, moved, keyOf).resume).toEqual([0, 0, 2, 3]);
    // "help" deleted (an alert came above the groups): the next phrase's Delete, in its place.
    const deleted = {
      children: [
        node("board", [
          node("undo"),
          node("needs", [was.children[0]!.children[0]!.children[0]!, rowOf("tea", controls)]),
        ]),
      ],
    };
    expect(reanchorScan(at([0, 0, 1, 4]), was, deleted, keyOf).resume).toEqual([0, 1, 1, 4]);
    // "help" at the end: its Move down is held there (out of the scan); its Move up is next to it.
    const atEnd = edited(rowOf("water", controls), rowOf("help", ["edit", "up", "delete"]));
    expect(reanchorScan(at([0, 0, 1, 3]), was, atEnd, keyOf).resume).toEqual([0, 0, 1, 2]);
  });

  it("keeps the Undo of a choice in a list's dialog, once it closed, for the list", () => {
    // "Speak in" chosen, then "Қазақша" in the dialog of its choices, which then closed.
    const dialog = { children: [node("english"), node("kazakh"), node("cancel")] };
    const page = { children: [node("board", [node("speak-in"), node("edit")])] };
    const state: ScanState = { ...startScan(), at: "undo", undoable: [1] };
    const forList = (gone: unknown) => (gone === "kazakh" ? "speak-in" : undefined);
    expect(reanchorScan(state, dialog, page, keyOf, forList).undoable).toEqual([0, 0]);
    // Nothing stands in for another button that went.
    const other: ScanState = { ...state, undoable: [0] };
    expect(reanchorScan(other, dialog, page, keyOf, forList).undoable).toBeNull();
  });

  it("keeps the Undo of a Delete pressed while the board is edited, for the Undo it brought", () => {
    // The phrase's Delete was pressed: its buttons went, and the board's Undo came.
    const edited = { children: [node("board", [node("add"), node("delete-water")])] };
    const deleted = { children: [node("board", [node("undo-water"), node("add")])] };
    const press = { pressed: "delete-water", undoButtonsBefore: ["undo-history"] };
    const state: ScanState = { ...startScan(), at: "undo", undoable: [0, 1] };
    const standIn = (gone: unknown) =>
      undoThatCameWith(gone, press, ["undo-history", "undo-water"]);
    expect(reanchorScan(state, edited, deleted, keyOf, standIn).undoable).toEqual([0, 0]);
    // An Undo that was there before the press is not its own.
    expect(undoThatCameWith("delete-water", press, ["undo-history"])).toBeUndefined();
    expect(undoThatCameWith("other", press, ["undo-water"])).toBeUndefined();
  });

  it("leaves a stopped scan alone", () => {
    const stopped: ScanState = { ...startScan(), stopped: "user" };
    expect(reanchorScan(stopped, before, after, keyOf)).toBe(stopped);
  });

  it("knows when the highlighted button went and its neighbour took its place", () => {
    // Stop, highlighted in the said panel, became unavailable when the phrase ended.
    const said = { children: [node("said", [node("again"), node("stop"), node("show")])] };
    const stopGone = { children: [node("said", [node("again"), node("show")])] };
    const seen: ScanState = { ...startScan(), group: [0], at: 1 };
    const now = fitScan(reanchorScan(seen, said, stopGone, keyOf), stopGone);
    expect(highlightReplaced(seen, said, now, stopGone, keyOf)).toBe(true);
    // Still there (moved or not): the same button.
    const moved = { children: [node("said", [node("new"), node("again"), node("stop")])] };
    const followed = fitScan(reanchorScan(seen, said, moved, keyOf), moved);
    expect(highlightReplaced(seen, said, followed, moved, keyOf)).toBe(false);
    expect(highlightReplaced(seen, said, seen, said, keyOf)).toBe(false);
  });
});

describe("a select press just after the highlight moved by itself", () => {
  it("is not taken for a moment (it was meant for what went), then acts on what is shown", () => {
    const hold = createJumpHold();
    // It never moved by itself: every press acts.
    expect(hold.acts(0)).toBe(true);
    hold.jumped(5_000);
    expect(hold.acts(5_200)).toBe(false);
    expect(hold.acts(5_000 + movedByItselfHoldMs - 1)).toBe(false);
    expect(hold.acts(5_000 + movedByItselfHoldMs)).toBe(true);
  });

  it("acts at once after a move press took the highlight on from where it jumped to", () => {
    const hold = createJumpHold();
    hold.jumped(5_000);
    hold.movedOn();
    expect(hold.acts(5_100)).toBe(true);
    // A later jump holds again.
    hold.jumped(8_000);
    expect(hold.acts(8_300)).toBe(false);
  });

  it("acts at once after one-switch scanning's step, if the place jumped to was shown a full step", () => {
    // At a 500 ms step: the step was timed after the jump, and the press is for where it went.
    const hold = createJumpHold();
    hold.jumped(5_000);
    const timed = hold.jumps();
    hold.steppedOn(timed);
    expect(hold.acts(5_600)).toBe(true);
    // A step timed before the jump comes any moment after it: the press may still be meant for
    // what went, and is held as before.
    const before = hold.jumps();
    hold.jumped(8_000);
    hold.steppedOn(before);
    expect(hold.acts(8_300)).toBe(false);
    expect(hold.acts(9_000)).toBe(true);
  });
});

describe("where the scan goes once a dialog has closed", () => {
  it("goes back to where each dialog was opened from once it has closed, however it was opened", () => {
    const openers = new Map<string, string | null>();
    let pressed = "Edit: water";
    const openedFrom = () => pressed;
    // The dialog's code is still coming: nothing to go back to yet.
    expect(dialogsChanged(openers, [], openedFrom)).toBeNull();
    // The dialog came (after a press of the switch, a helper's tap or a key): where from is kept.
    expect(dialogsChanged(openers, ["edit"], openedFrom)).toBeNull();
    // Presses in it (its Group list) do not change where it was opened from...
    pressed = "Group";
    expect(dialogsChanged(openers, ["edit"], openedFrom)).toBeNull();
    // ...but a dialog opened from it (the list's choices) goes back to that list.
    expect(dialogsChanged(openers, ["edit", "choices"], openedFrom)).toBeNull();
    expect(dialogsChanged(openers, ["edit"], openedFrom)).toBe("Group");
    // Closed with Save, Cancel or Escape: back to the Edit.
    expect(dialogsChanged(openers, [], openedFrom)).toBe("Edit: water");
    expect(openers.size).toBe(0);
    expect(dialogsChanged(openers, [], openedFrom)).toBeNull();
  });

  it("goes back to the page when a dialog and one opened from it close together", () => {
    const openers = new Map<string, string | null>();
    dialogsChanged(openers, ["edit"], () => "Edit: water");
    dialogsChanged(openers, ["edit", "choices"], () => "Group");
    expect(dialogsChanged(openers, [], () => null)).toBe("Edit: water");
  });

  it("keeps the way back through a dialog that came as another went (a question answered)", () => {
    const openers = new Map<string, string | null>();
    dialogsChanged(openers, ["teach again?"], () => "Teach again: water");
    // "Keep my answers", the control last pressed, went with the question.
    expect(dialogsChanged(openers, ["teach"], () => "Keep my answers")).toBeNull();
    expect(dialogsChanged(openers, [], () => null)).toBe("Teach again: water");
  });

  it("goes back to the control the dialog was opened from, or the one that took its place, else the nearest place", () => {
    const row = (phrase: string, ...controls: string[]) =>
      node(`${phrase}-star`, [
        node(`${phrase}-star`),
        ...controls.map((c) => node(`${phrase}-${c}`)),
      ]);
    const edited = (...rows: Node[]) => ({ children: [node("board", [node("needs", rows)])] });
    const behind = edited(row("water", "edit", "forget"), row("help", "edit", "forget"));
    // Opened from help's Forget (the third button of its row).
    const opener: DialogOpener<Node> = { tree: behind, path: [0, 0, 1, 2], key: "help:forget" };
    // Still there, with a phrase added above it.
    const added = edited(row("tea", "edit"), ...behind.children[0]!.children[0]!.children);
    expect(returnPlace(opener, added, keyOf)).toEqual([0, 0, 2, 2]);
    // Drawn anew, found by its scan key (a phrase moved to another group has a new Edit).
    const redrawn = edited(row("water", "edit", "forget"), row("help", "edit", "forget-new"));
    expect(returnPlace(opener, redrawn, keyOf, "help-forget-new")).toEqual([0, 0, 1, 2]);
    // Gone with what it forgot: the button before it in its row.
    const forgotten = edited(row("water", "edit", "forget"), row("help", "edit"));
    expect(returnPlace(opener, forgotten, keyOf)).toEqual([0, 0, 1, 1]);
  });

  it("puts the highlight there, or keeps an Undo that still acts first and goes on there after it", () => {
    const place = [0, 1, 2];
    // Saved (its Save, pressed by the switch, went with the dialog): the highlight is on the Edit.
    const saved: ScanState = { ...startScan(), at: "undo", undoable: null, emptyRounds: 1 };
    expect(backFromDialog(saved, place, true)).toMatchObject({
      group: [0, 1],
      at: 2,
      undoable: null,
      resume: null,
      emptyRounds: 0,
    });
    // Closed with Escape while a button in it was highlighted.
    const escaped: ScanState = { ...startScan(), group: [1], at: 3 };
    expect(backFromDialog(escaped, place, false)).toMatchObject({ group: [0, 1], at: 2 });
    // A list's choice, which Undo sets back: Undo first, then the scan goes on from the list.
    const chosen: ScanState = { ...startScan(), at: "undo", undoable: place };
    expect(backFromDialog(chosen, place, true)).toEqual({ ...chosen, resume: place });
    // Closed with Escape straight after the press that opened it: no Undo step for that press.
    expect(backFromDialog(chosen, place, false)).toMatchObject({
      group: [0, 1],
      at: 2,
      undoable: null,
    });
    // Stopped by the user: left alone.
    const stopped: ScanState = { ...escaped, stopped: "user" };
    expect(backFromDialog(stopped, place, false)).toBe(stopped);
  });

  it("knows what the user last chose or saw highlighted, for a dialog that came by itself", () => {
    expect(placeSeen({ ...startScan(), group: [0], at: 2 })).toEqual([0, 2]);
    expect(placeSeen({ ...startScan(), at: "undo", undoable: [0, 1] })).toEqual([0, 1]);
    expect(placeSeen({ ...startScan(), group: [0, 1], at: "back" })).toEqual([0, 1]);
    expect(placeSeen({ ...startScan(), stopped: "rounds" })).toBeNull();
  });

  it("links the alert's Undo that came with a switch's Delete to the phrase it brings back", () => {
    const press = {
      pressed: "delete-water",
      undoButtonsBefore: ["undo-history"],
      key: "water:delete",
    };
    // Pressed later by anyone (the switch, a helper's tap), that Undo brings "water" back.
    expect(undoLinkOf(press, true, ["undo-history", "undo-water"])).toEqual({
      undo: "undo-water",
      key: "water:delete",
    });
    // The Delete is still there (its Undo did not come with it), or it has no key.
    expect(undoLinkOf(press, false, ["undo-history", "undo-water"])).toBeNull();
    expect(undoLinkOf({ ...press, key: null }, true, ["undo-water"])).toBeNull();
    // Only an Undo that was not there before the press.
    expect(undoLinkOf(press, true, ["undo-history"])).toBeNull();
    expect(undoLinkOf(null, true, ["undo-water"])).toBeNull();
  });
});
