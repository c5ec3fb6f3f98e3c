/**
 * Switch scanning on a screen: runs the scanning machine (scan-machine.ts) over the screen's
 * groups, rows and buttons as they are drawn (scan-targets.ts), with the switches as the user set
 * them (keys, and a tap anywhere), a timer for one-switch scanning, and presses a button when it
 * is chosen. The highlight is drawn by scan-highlight.ts; focus follows it, so a screen reader
 * says what is highlighted.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useState, type RefObject } from "react";
import {
  back,
  fitScan,
  highlighted,
  move,
  nodeAt,
  select,
  startScan,
  stoppedScan,
  stopScan,
  tick,
  undo,
  type ScanEffect,
  type ScanPath,
  type ScanState,
} from "@/features/talk/scanning/scan-machine";
import { scanOptionsOf, type ScanSettings } from "@/features/talk/scanning/scan-settings";
import {
  backFromDialog,
  dialogsChanged,
  find,
  highlightReplaced,
  nearestPlace,
  placeSeen,
  reanchorScan,
  returnPlace,
  createJumpHold,
  undoLinkOf,
  undoThatCameWith,
  type DialogOpener,
  type PressSeen,
} from "@/features/talk/scanning/scan-anchors";
import { anyUndoButton } from "@/components/undo-alert";
import { mainContentId } from "@/lib/main-content";
import {
  controlOf,
  highlightGone,
  isTypedIn,
  isUsable,
  keyOfTarget,
  openModals,
  pickFromList,
  scanChoicesAttribute,
  scanKeyAttribute,
  scanResumeAttribute,
  scanTreeIn,
  scanTreeOf,
  scanUndoneByAttribute,
  undoingButton,
  type ScanTarget,
} from "@/features/talk/scanning/scan-targets";

/** How long a switch is held down to leave a box being typed in (it has no Escape). */
const HOLD_TO_LEAVE_BOX_MS = 2000;

/** The switches' part of the page: a tap there is an ordinary tap (the scanning bar's Stop). */
export const scanExemptAttribute = "data-scan-exempt";

type ScanTree = { children: ScanTarget[] };

/** What the highlight is on: a target on the screen, the Back or Undo step, or nothing. */
export type ScanHighlight =
  { kind: "target"; target: ScanTarget } | { kind: "back" } | { kind: "undo" } | null;

/**
 * A chosen button is pressed; a text box is given the focus, to type in; a list is given the
 * focus and its choices are offered to the switch (`chooseFrom`).
 */
function press(target: ScanTarget | undefined, chooseFrom: (list: HTMLSelectElement) => void) {
  if (target?.kind !== "item") return;
  const { element } = target;
  if (element instanceof HTMLSelectElement) {
    element.focus();
    chooseFrom(element);
  } else if (isTypedIn(element)) element.focus();
  else element.click();
}

/**
 * Leaves a box being typed in (Escape, or a switch held down): scanning goes on from where its
 * highlight is. The focus goes to the dialog the box is in, else to the page's main content: on
 * the page's body, a keyboard user would start again from the top, and a second Escape would not
 * reach the dialog to close it.
 */
export function leaveBox(box: HTMLElement) {
  const page = box.ownerDocument;
  const holder =
    box.closest<HTMLElement>("[role='dialog'], [role='alertdialog'], dialog") ??
    page.getElementById(mainContentId);
  holder?.focus({ preventScroll: true });
  if (page.activeElement === box) box.blur();
}

/**
 * Where the scan goes on after the press of the button at `path`, when it changes what is round
 * it (`scanResumeAttribute`): there (a phrase moved: its button at the new place); for a phrase's
 * Delete, at the next phrase's Delete (the previous one's at the end), since its own goes. Null
 * for any other press.
 */
function resumeAfter(tree: ScanTree, path: ScanPath, root: HTMLElement | null): ScanPath | null {
  const target = nodeAt(tree, path) as ScanTarget | undefined;
  if (target?.kind !== "item" || !target.element.hasAttribute(scanResumeAttribute)) return null;
  const deletes = root
    ? [...root.querySelectorAll<HTMLElement>(`[${scanKeyAttribute}$=":delete"]`)]
    : [];
  const at = deletes.indexOf(target.element);
  if (at < 0) return path;
  const neighbour = deletes[at + 1] ?? deletes[at - 1];
  return (neighbour && find(tree, neighbour, keyOfTarget)) ?? path;
}

/** The radio button checked now in the group of `radio`, if any. */
const checkedBeside = (radio: HTMLInputElement) =>
  document.querySelector<HTMLInputElement>(
    `input[type="radio"][name="${CSS.escape(radio.name)}"]:checked`,
  );

const isRadio = (element: HTMLElement): element is HTMLInputElement =>
  element instanceof HTMLInputElement && element.type === "radio" && element.name !== "";

/** A button or box that a second press sets back: pressed or not, checked or not. */
const isToggle = (element: HTMLElement) =>
  element.hasAttribute("aria-pressed") ||
  (element instanceof HTMLInputElement && element.type === "checkbox") ||
  ["checkbox", "switch"].includes(element.getAttribute("role") ?? "");

export function useSwitchScanning({
  rootRef,
  settings,
  startStopped,
  onPress,
  onUndo,
  chooseFrom,
}: {
  rootRef: RefObject<HTMLElement | null>;
  settings: ScanSettings;
  /**
   * Stopped until a switch is pressed (as if the user had pressed Stop: a tap is a tap), rather
   * than scanning the screen at once.
   */
  startStopped: boolean;
  /** A button is about to be pressed by the switch (what it starts can then be undone). */
  onPress: () => void;
  /** A press was undone: stop what it started (a phrase being said). */
  onUndo: () => void;
  /** A list was chosen: its choices are to be offered as buttons (scan-choice-dialog.tsx). */
  chooseFrom: (list: HTMLSelectElement) => void;
}) {
  const [state, setState] = useState<ScanState>(() => (startStopped ? stoppedScan : startScan()));
  const [tree, setTree] = useState<ScanTree>({ children: [] });
  // The state as the last switch press left it, for presses quicker than React's renders.
  const latest = useRef(state);
  const latestTree = useRef(tree);
  // The radio button that was checked before the switch checked another: Undo checks it again.
  const radioBefore = useRef<HTMLInputElement | null>(null);
  // The list chosen last and its value then; once one of its choices is pressed, that choice too:
  // the dialog closes, and the choice's Undo sets the list back (a speed of scanning, a language).
  const listBefore = useRef<{ list: HTMLSelectElement; value: string } | null>(null);
  const listChoice = useRef<{ choice: HTMLElement; list: HTMLSelectElement; value: string } | null>(
    null,
  );
  // The last press, and the alerts' Undo buttons before it: one that came with it undoes it. And
  // the button that undoes it, when it names one (a phrase's Move up names its Move down).
  const lastPress = useRef<(PressSeen & { undoneBy: string | null; key: string | null }) | null>(
    null,
  );
  // The control last pressed, by the switch, a tap or a key, and the alerts' Undo buttons before
  // it: a dialog that comes was opened from it, and an Undo that came with it brings it back.
  const lastPressed = useRef<(PressSeen & { key: string | null }) | null>(null);
  // Whether the user has moved the highlight by the switch since that press: a dialog that comes
  // then (the kiosk's "Are you still there?") came by itself, and the scan goes back to where
  // they had moved it, not to what they pressed before.
  const movedSincePress = useRef(false);
  // The key of a button the highlight goes to once it is there (refitIfGone): a deleted phrase's
  // Delete, once an Undo brought the phrase back.
  const following = useRef<string | null>(null);
  // The dialogs open over the scan, each with where it was opened from: once one closes, however
  // it was closed (Save, Cancel, Escape), the highlight and the focus go back there.
  const openers = useRef(new Map<HTMLElement, DialogOpener<ScanTarget> | null>());
  const undoButtons = () => [...(rootRef.current?.querySelectorAll(anyUndoButton) ?? [])];
  // Each alert's Undo that came with a press whose button went (a phrase's Delete, by the switch
  // or a helper's tap), with that button's key: whoever presses that Undo later (the switch, a
  // helper's tap), the phrase it brings back is highlighted, as after the Undo step.
  // Once per press: an Undo that comes later (a helper deleted another phrase) is not its own.
  const undoLinks = useRef(new WeakMap<Element, string>());
  const linked = useRef(new WeakSet<PressSeen>());
  const linkUndo = () => {
    for (const press of [lastPress.current, lastPressed.current]) {
      if (!press?.key || linked.current.has(press)) continue;
      const link = undoLinkOf(press, !(press.pressed as Element).isConnected, undoButtons());
      if (!link) continue;
      undoLinks.current.set(link.undo as Element, link.key);
      linked.current.add(press);
    }
  };
  /** A control is pressed, by any means: what it opens or deletes is traced back to it. */
  const notePress = (control: HTMLElement) => {
    const key = control.getAttribute(scanKeyAttribute);
    lastPressed.current = { pressed: control, undoButtonsBefore: undoButtons(), key };
    movedSincePress.current = false;
  };
  /**
   * Where a dialog that comes over `behind` (the page, or the dialog it was opened from) was
   * opened from: the control last pressed, if it is there and the user has not moved on from
   * it, else what is highlighted.
   */
  const openedFrom = (behind: HTMLElement): DialogOpener<ScanTarget> | null => {
    const tree = scanTreeIn(behind);
    const control = movedSincePress.current
      ? undefined
      : (lastPressed.current?.pressed as HTMLElement | undefined);
    const seen = placeSeen(latest.current);
    const path =
      (control && find(tree, control, keyOfTarget)) ??
      (seen && nearestPlace(latestTree.current, tree, seen, keyOfTarget));
    const opener = path && (nodeAt(tree, path) as ScanTarget | undefined);
    if (!path || !opener) return null;
    const key = opener.kind === "item" ? opener.element.getAttribute(scanKeyAttribute) : null;
    return { tree, path, key };
  };
  /** An alert's Undo is pressed (`target`, by any means): the phrase it brings back is followed. */
  const followUndo = (target: EventTarget | null) => {
    linkUndo();
    const undo = target instanceof Element ? target.closest(anyUndoButton) : null;
    const key = undo ? undoLinks.current.get(undo) : undefined;
    if (key) following.current = key;
  };
  const standInFor = (gone: unknown) => {
    const chosen = listChoice.current;
    if (chosen && gone === chosen.choice) return chosen.list;
    return undoThatCameWith(gone, lastPress.current, undoButtons());
  };
  const options = scanOptionsOf(settings);

  // Each switch press or tick reads the screen again, so what changed since is scanned as it is.
  const run = (change: (state: ScanState, tree: ScanTree) => [ScanState, ScanEffect?]) => {
    const root = rootRef.current;
    const now: ScanTree = root ? scanTreeOf(root) : { children: [] };
    linkUndo();
    const [changed, effect] = change(
      reanchorScan(latest.current, latestTree.current, now, keyOfTarget, standInFor),
      now,
    );
    // A press that changes what is round it (a phrase moved or deleted): the scan goes on there.
    const resume = effect?.kind === "press" ? resumeAfter(now, effect.path, root) : null;
    const next = resume ? { ...changed, resume } : changed;
    latest.current = next;
    latestTree.current = now;
    setTree(now);
    setState(next);
    if (effect?.kind === "press") {
      const target = nodeAt(now, effect.path) as ScanTarget | undefined;
      const element = target?.kind === "item" ? target.element : null;
      radioBefore.current = element && isRadio(element) ? checkedBeside(element) : null;
      const opened = listBefore.current;
      listChoice.current =
        element?.closest(`[${scanChoicesAttribute}]`) && opened?.list.isConnected
          ? { choice: element, ...opened }
          : null;
      listBefore.current =
        element instanceof HTMLSelectElement ? { list: element, value: element.value } : null;
      // The user goes on from here: a phrase brought back earlier is no longer waited for.
      following.current = null;
      if (element) notePress(element);
      lastPress.current = element
        ? {
            pressed: element,
            undoButtonsBefore: undoButtons(),
            undoneBy: element.getAttribute(scanUndoneByAttribute),
            key: element.getAttribute(scanKeyAttribute),
          }
        : null;
      onPress();
      press(target, chooseFrom);
    }
    if (effect?.kind === "undo") {
      // A switch chosen by mistake (Edit the board, a favourite, a setting) is set back as it
      // was; whatever the press started (a phrase being said) stops.
      const pressed = nodeAt(now, effect.path) as ScanTarget | undefined;
      if (pressed?.kind === "item" && isToggle(pressed.element)) pressed.element.click();
      // A radio button: the one checked before (speech rate, voice pitch) is checked again.
      const before = radioBefore.current;
      radioBefore.current = null;
      if (pressed?.kind === "item" && isRadio(pressed.element) && before?.isConnected)
        before.click();
      // A list's choice: the list has the value it had before.
      const choice = listChoice.current;
      listChoice.current = null;
      if (pressed?.kind === "item" && pressed.element === choice?.list)
        pickFromList(choice.list, choice.value);
      // An Undo that came with the press (a deleted phrase's) is pressed.
      const press = lastPress.current;
      if (
        pressed?.kind === "item" &&
        press &&
        pressed.element !== press.pressed &&
        pressed.element.matches(anyUndoButton)
      )
        pressed.element.click();
      // A press that another button undoes (a phrase moved up by mistake): that one is pressed.
      if (pressed?.kind === "item" && press && pressed.element === press.pressed && root)
        undoingButton(press.undoneBy, root)?.click();
      // A press whose button went (a phrase deleted): the highlight goes to it once it is back.
      if (press?.key && !(press.pressed as Element).isConnected) following.current = press.key;
      lastPress.current = null;
      onUndo();
    }
  };
  const actions = {
    select: () =>
      run((state, tree) => {
        // The button the user saw highlighted has gone from the scan (it became unavailable:
        // Stop once the phrase ended), and its place is now its neighbour's: the press presses
        // nothing, and the highlight shows where it is.
        const fitted = fitScan(state, tree);
        if (highlightReplaced(latest.current, latestTree.current, fitted, tree, keyOfTarget))
          return [fitted];
        const { state: next, effect } = select(state, tree);
        return [next, effect];
      }),
    move: () => run((state, tree) => [move(state, tree, options)]),
    back: () => run((state) => [back(state)]),
    undo: () =>
      run((state, tree) => {
        const { state: next, effect } = undo(state, tree);
        return [next, effect];
      }),
    stop: () => run((state) => [stopScan(state)]),
    start: () => run(() => [startScan()]),
  };
  // Typing: a box to type in has the focus (chosen by the switch, or tapped). Its keys are the
  // user's typing, not the switches (Space is a space, Enter says what was typed), and the
  // highlight waits where it is, so the box keeps the focus. Leaving the box (Escape, Tab or a
  // tap elsewhere) goes back to scanning.
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const check = () => {
      const active = document.activeElement;
      setTyping(active instanceof HTMLElement && isTypedIn(active));
    };
    // While the focus moves, it is on the page's body between focusout and focusin.
    const onFocusOut = () => queueMicrotask(check);
    // Read before the page's own handlers: in a dialog, Escape would otherwise close it, and what
    // was typed in it (a new phrase) would be lost. A second Escape closes the dialog.
    const onEscape = (event: KeyboardEvent) => {
      const active = document.activeElement;
      if (event.key !== "Escape" || !(active instanceof HTMLElement) || !isTypedIn(active)) return;
      event.preventDefault();
      event.stopPropagation();
      leaveBox(active);
    };
    check();
    document.addEventListener("focusin", check);
    document.addEventListener("focusout", onFocusOut);
    document.addEventListener("keydown", onEscape, true);
    return () => {
      document.removeEventListener("focusin", check);
      document.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("keydown", onEscape, true);
    };
  }, []);
  const typingNow = useEffectEvent(() => typing);

  // When the last switch press was taken: a second one sooner than the user's setting is a
  // tremor's double press or a bouncing switch, and is not.
  const lastPressAt = useRef(-Infinity);
  // The highlight left something that went (refitIfGone): a select press just after is not
  // taken, for it was meant for what went, until the highlight moves on (createJumpHold).
  const [jumpHold] = useState(createJumpHold);
  const onSwitch = useEffectEvent((which: "select" | "move" | "start" | "tick", jumps = 0) => {
    if (which === "tick") {
      jumpHold.steppedOn(jumps);
      return run((state, tree) => [tick(state, tree, options)]);
    }
    if (which !== "start") {
      const now = performance.now();
      if (now - lastPressAt.current < settings.ignoreRepeatMs) return;
      lastPressAt.current = now;
      if (which === "select" && !jumpHold.acts(now)) return;
      if (which === "move") jumpHold.movedOn();
      // A press of a control takes this back (notePress).
      movedSincePress.current = true;
    }
    actions[which]();
  });

  // The screen as it is when scanning starts; a stopped scan reads it at the switch's press.
  useEffect(() => {
    if (!latest.current.stopped) onSwitch("start");
  }, []);

  // What is highlighted may go between two steps (deleted in another tab, hidden by a panel that
  // changed, behind a dialog that opened): the highlight is fitted to the screen at once, in the
  // same task, before a switch press could act on nothing or on what took its place unseen.
  const refitIfGone = useEffectEvent(() => {
    const root = rootRef.current;
    if (!root) return;
    linkUndo();
    const modals = openModals();
    const scanned = modals.at(-1) ?? root;
    // A dialog that comes with the focus in its box (Add a phrase's Phrase): the dialog takes the
    // focus instead. In the box, the switches would be typing; the switch chooses the box.
    const active = document.activeElement;
    if (
      scanned !== root &&
      !openers.current.has(scanned) &&
      active instanceof HTMLElement &&
      isTypedIn(active) &&
      scanned.contains(active)
    )
      leaveBox(active);
    // A dialog closed, whichever way: the highlight is back where it was opened from (a phrase's
    // Edit, Teach my voice, a list), with the focus, not wherever its place is on the page.
    const opener = dialogsChanged(openers.current, modals, () => openedFrom(modals.at(-2) ?? root));
    if (opener) {
      const byKey = opener.key ? undoingButton(opener.key, root) : null;
      // The switch's last press was in the dialog if its button went with it (a list's choice).
      const pressed = lastPress.current?.pressed as Element | undefined;
      run((state, tree) => {
        const place = returnPlace(opener, tree, keyOfTarget, byKey ?? undefined);
        if (!place) return [fitScan(state, tree)];
        return [backFromDialog(state, place, pressed?.isConnected === false)];
      });
      return;
    }
    // A phrase brought back by an Undo: the highlight is on it, with the focus; never behind a
    // dialog.
    const back =
      following.current && scanned === root ? undoingButton(following.current, root) : null;
    if (back && isUsable(back)) {
      run((state, tree) => {
        const path = find(tree, back, keyOfTarget);
        if (!path) return [state];
        following.current = null;
        const place = { group: path.slice(0, -1), at: path.at(-1)!, emptyRounds: 0 };
        return [{ ...state, ...place, undoable: null, resume: null }];
      });
      if (following.current === null) return;
    }
    const at = highlighted(latest.current);
    if (at === null || at === "back" || at === "undo") return;
    const target = nodeAt(latestTree.current, at) as ScanTarget | undefined;
    // A group is there while it is on the scanned part of the page; a button while it is drawn
    // there too. One made unavailable for a moment (aria-disabled while speech is busy) is still
    // there: a press on it does nothing, and the highlight does not jump away from under the user.
    const isThere = (element: HTMLElement, kind: "group" | "item") =>
      element.isConnected &&
      scanned.contains(element) &&
      (kind === "group" || element.getClientRects().length > 0);
    if (!highlightGone(target, isThere)) return;
    run((state, tree) => [fitScan(state, tree)]);
    jumpHold.jumped(performance.now());
  });
  useEffect(() => {
    const observer = new MutationObserver(refitIfGone);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["hidden", "inert", "aria-hidden", "open"],
    });
    return () => observer.disconnect();
  }, []);

  // One-switch scanning: the highlight stays a full interval on each step, then moves on.
  const oneSwitch = settings.mode === "one-switch";
  useEffect(() => {
    if (!oneSwitch || state.stopped || typing) return;
    const jumps = jumpHold.jumps();
    const timer = setTimeout(() => onSwitch("tick", jumps), settings.intervalMs);
    return () => clearTimeout(timer);
  }, [state, oneSwitch, settings.intervalMs, typing, jumpHold]);

  // The switches. Keys are read before the page's own handlers, so Space on a highlighted button
  // is the switch, not that button's own press; held keys do not repeat.
  const switchKeyOf = useEffectEvent((event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return null;
    if (event.code === settings.selectKey) return "select";
    if (settings.mode === "two-switches" && event.code === settings.moveKey) return "move";
    return null;
  });
  const switchOf = useEffectEvent((event: KeyboardEvent) =>
    typingNow() ? null : switchKeyOf(event),
  );
  const onClickThrough = useEffectEvent((target: EventTarget | null) => {
    followUndo(target);
    const control = target instanceof Element ? controlOf(target) : null;
    if (control && isUsable(control)) notePress(control);
  });
  // A tap anywhere is the select switch, unless the user stopped scanning with the bar's Stop
  // (then taps are taps again, for a helper to change the settings).
  const tapIsSwitch = useEffectEvent(
    (event: Event) =>
      settings.tapAnywhere &&
      latest.current.stopped !== "user" &&
      !typingNow() &&
      !(event.target instanceof Element && event.target.closest(`[${scanExemptAttribute}]`)),
  );
  useEffect(() => {
    // While a box is typed in, its keys are typing, and a switch has no Escape: a switch held
    // down leaves the box (its key typed once, not repeated).
    let holding: ReturnType<typeof setTimeout> | undefined;
    const leaveTyping = () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement) leaveBox(active);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (typingNow() && switchKeyOf(event)) {
        if (event.repeat) event.preventDefault();
        else {
          clearTimeout(holding);
          holding = setTimeout(leaveTyping, HOLD_TO_LEAVE_BOX_MS);
        }
        return;
      }
      const which = switchOf(event);
      if (!which) return;
      event.preventDefault();
      event.stopPropagation();
      if (!event.repeat) onSwitch(which);
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (switchKeyOf(event)) clearTimeout(holding);
      if (!switchOf(event)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const onPointerDown = (event: PointerEvent) => {
      // Nothing under the finger takes the focus or opens: the tap is only the switch.
      if (event.isPrimary && tapIsSwitch(event)) event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      // detail 0: a click made by a key (Enter on a button), which is not a tap.
      if (!event.isTrusted || event.detail === 0 || !tapIsSwitch(event)) {
        // It reaches what it is on: the switch's press, a helper's tap or a key.
        onClickThrough(event.target);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      onSwitch("select");
    };
    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("keyup", onKeyUp, true);
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("click", onClick, true);
    return () => {
      clearTimeout(holding);
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("keyup", onKeyUp, true);
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("click", onClick, true);
    };
  }, []);

  const highlight = useMemo((): ScanHighlight => {
    const at = highlighted(state);
    if (at === null) return null;
    if (at === "back" || at === "undo") return { kind: at };
    const target = nodeAt(tree, at) as ScanTarget | undefined;
    return target ? { kind: "target", target } : null;
  }, [state, tree]);

  return {
    state,
    highlight,
    /** Inside a group: the Back step can take the user out of it. */
    /** A box to type in has the focus: the switches and the highlight wait. */
    typing,
    inGroup: !state.stopped && state.group.length > 0,
    canUndo: !state.stopped && state.undoable !== null,
    ...actions,
  };
}
