import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useLingui } from "@lingui/react/macro";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import StopIcon from "@mui/icons-material/Stop";
import UndoIcon from "@mui/icons-material/Undo";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import { Button } from "@/components/button";
import { ScanChoiceDialog } from "@/features/talk/scanning/scan-choice-dialog";
import { createScanCue } from "@/features/talk/scanning/scan-cue";
import { useScanHighlight } from "@/features/talk/scanning/scan-highlight";
import type { ScanSettings } from "@/features/talk/scanning/scan-settings";
import { buttonsOf, focusElementOf, labelOf } from "@/features/talk/scanning/scan-targets";
import {
  scanExemptAttribute,
  useSwitchScanning,
  type ScanHighlight,
} from "@/features/talk/scanning/use-switch-scanning";
import type { DeviceEngine } from "@/features/talk/speaking/speaker";
import type { Said, useTalkSpeech } from "@/features/talk/speaking/use-talk-speech";
import { isSpeechLanguage, type SpeechLanguage } from "@/shared/speech-options";
import { focusOnDark } from "@/theme/theme";
import { visuallyHidden } from "@/theme/visually-hidden";

/** Dark enough for white text and the highlight's yellow ring, whatever the page's theme. */
const barColour = "#0d1b2a";

/**
 * Switch access on the Talk screen: the highlight goes through every panel (the said panel, the
 * board's categories and rows, My voice, type to speak, the history, the settings), and a bar at
 * the bottom of the screen says what is highlighted and holds the Back and Undo steps and a Stop
 * that a helper can tap. A list's choices come up as buttons (scan-choice-dialog.tsx). A wrong choice is undone by the switch: right after a choice the
 * highlight is on Undo first, which takes back a phrase the choice said and goes back to the button
 * chosen.
 */
export function SwitchScanning({
  rootRef,
  settings,
  startStopped = false,
  speech,
  loadEngine,
}: {
  rootRef: RefObject<HTMLElement | null>;
  settings: ScanSettings;
  /** Stopped until the switch is pressed, rather than scanning from the start. */
  startStopped?: boolean;
  /** Talk's speech: a phrase being said makes the spoken cue wait; Undo stops or takes back. */
  speech: Pick<ReturnType<typeof useTalkSpeech>, "speaking" | "said" | "stop" | "retract">;
  loadEngine: () => Promise<DeviceEngine>;
}) {
  const { t, i18n } = useLingui();
  const { speaking } = speech;
  // A list chosen by the switch: its choices come up as buttons.
  const [list, setList] = useState<HTMLSelectElement | null>(null);
  // What had been said when the switch last pressed a button.
  const saidAtPress = useRef<Said | null>(null);
  const scan = useSwitchScanning({
    rootRef,
    settings,
    startStopped,
    onPress: () => {
      saidAtPress.current = speech.said;
    },
    // A phrase the undone press said goes from the screen and the history, as after My voice's
    // "Not that": nobody reads it as the user's words. Otherwise what is being said stops.
    onUndo: () => (speech.said !== saidAtPress.current ? speech.retract() : speech.stop()),
    chooseFrom: setList,
  });
  const backRef = useRef<HTMLButtonElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const rowDescription = useId();
  const saidId = useId();
  const barRef = useRef<HTMLElement>(null);
  useRoomForBar(barRef);

  const { highlight } = scan;
  const stopped = scan.state.stopped !== false;
  const typing = scan.typing
    ? t`Scanning waits while you type. To go back to it, press Escape or hold the switch down for 2 seconds.`
    : "";
  const spoken =
    highlight === null
      ? ""
      : highlight.kind === "back"
        ? t`Back`
        : highlight.kind === "undo"
          ? t`Undo`
          : labelOf(highlight.target);
  // A row or block highlighted is named by all its buttons (labelOf), as the cue names it.
  const rowsKind = highlight?.kind === "target" ? highlight.target.kind : null;
  const row = spoken;
  const rowWords =
    rowsKind === "row" ? t`Row: ${row}` : rowsKind === "block" ? t`Rows: ${row}` : "";
  useScanHighlight(highlight, rowWords || spoken, {
    back: backRef,
    undo: undoRef,
    rowDescription,
    said: saidId,
  });
  const interfaceLanguage: SpeechLanguage = isSpeechLanguage(i18n.locale) ? i18n.locale : "en";
  useSpokenCue(settings.spokenCue && !speaking, highlight, spoken, interfaceLanguage, loadEngine);

  return (
    <Paper
      ref={barRef}
      component="section"
      aria-label={t`Switch access`}
      data-scan-skip
      // An edge in Windows' high contrast, where its fill and shadow are not drawn (index.html).
      data-edge
      elevation={6}
      sx={{
        position: "sticky",
        bottom: 8,
        zIndex: 1100,
        p: 1.5,
        bgcolor: barColour,
        color: "#fff",
        ...focusOnDark,
      }}
    >
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
        <ScanStatus stopped={stopped} typing={typing} highlight={highlight} />
        <Button
          ref={backRef}
          variant="outlined"
          color="inherit"
          startIcon={<ArrowUpwardIcon />}
          // Held, not disabled: a helper's tap or Tab keeps the focus on it.
          aria-disabled={!scan.inGroup}
          onClick={() => scan.inGroup && scan.back()}
          sx={onDark}
        >
          {t`Back`}
        </Button>
        <Button
          ref={undoRef}
          variant="outlined"
          color="inherit"
          startIcon={<UndoIcon />}
          aria-disabled={!scan.canUndo}
          onClick={() => scan.canUndo && scan.undo()}
          sx={onDark}
        >
          {t`Undo`}
        </Button>
        <Button
          {...{ [scanExemptAttribute]: "" }}
          variant="contained"
          color="inherit"
          startIcon={stopped ? <PlayArrowIcon /> : <StopIcon />}
          onClick={stopped ? scan.start : scan.stop}
          sx={{ ...onDark, color: barColour }}
          roomFor={stopped ? t`Stop scanning` : t`Start scanning`}
        >
          {stopped ? t`Start scanning` : t`Stop scanning`}
        </Button>
      </Stack>
      {/* What a highlighted row holds, all of it, for a screen reader (the status line shows
          three). */}
      <span id={rowDescription} hidden>
        {rowWords}
      </span>
      <div role="status" style={visuallyHidden}>
        {stopped ? t`Scanning is stopped.` : typing || t`Scanning is on.`}
      </div>
      {/* What is highlighted when the focus stays where it was (a row entered): scan-highlight.ts
          writes it, React leaves it empty. */}
      <div id={saidId} role="status" style={visuallyHidden} />
      <ScanChoiceDialog list={list} onClose={() => setList(null)} />
    </Paper>
  );
}

const onDark = {
  minHeight: 48,
  "&[aria-disabled=true]": { color: "#b8c2cc", borderColor: "#8c98a4" },
} as const;

/** What is highlighted, in words, for those who read along. */
function ScanStatus({
  stopped,
  typing,
  highlight,
}: {
  stopped: boolean;
  /** Said while a box to type in has the focus; empty otherwise. */
  typing: string;
  highlight: ScanHighlight;
}) {
  const { t } = useLingui();
  let text = "";
  if (stopped) text = t`Scanning is stopped. Press your switch to start.`;
  else if (typing) text = typing;
  else if (highlight?.kind === "back") text = t`Back: out of this group`;
  else if (highlight?.kind === "undo") text = t`Undo the last choice`;
  else if (highlight?.target.kind === "row" || highlight?.target.kind === "block") {
    const buttons = buttonsOf(highlight.target);
    const names = buttons.slice(0, 3).map(labelOf).join(", ");
    const row = buttons.length > 3 ? `${names}, …` : names;
    text = highlight.target.kind === "row" ? t`Row: ${row}` : t`Rows: ${row}`;
  } else if (highlight) text = highlight.target.label;
  return (
    <Typography data-scan-status sx={{ flex: "1 1 16rem", fontSize: "1.1rem", minWidth: 0 }}>
      {text}
    </Typography>
  );
}

/**
 * Keeps what is scrolled into view (the highlight, a control reached by Tab) clear of the bar
 * stuck to the bottom of the screen: the page's scroll padding at the bottom is the bar's height.
 * Talk's speech failures, shown at the bottom, sit above it (--scan-bar-height, said-panel.tsx).
 */
function useRoomForBar(barRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${bar.offsetHeight + 16}px`;
      root.style.setProperty("--scan-bar-height", `${bar.offsetHeight + 8}px`);
    });
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = "";
      root.style.removeProperty("--scan-bar-height");
    };
  }, [barRef]);
}

/** Names each new highlight aloud, in the language of what it names. */
function useSpokenCue(
  on: boolean,
  highlight: ScanHighlight,
  text: string,
  interfaceLanguage: SpeechLanguage,
  loadEngine: () => Promise<DeviceEngine>,
) {
  const [cue] = useState(() => createScanCue(loadEngine));
  useEffect(() => () => cue.dispose(), [cue]);
  useEffect(() => {
    if (!on || !highlight) {
      cue.stop();
      return;
    }
    const element = highlight.kind === "target" ? focusElementOf(highlight.target) : null;
    const lang = element?.closest("[lang]")?.getAttribute("lang");
    void cue.say(text, isSpeechLanguage(lang) ? lang : interfaceLanguage);
  }, [on, highlight, text, interfaceLanguage, cue]);
}
