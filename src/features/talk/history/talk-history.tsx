import { memo, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { IconButton } from "@/components/icon-button";
import { useLatest } from "@/lib/use-latest";
import { useLaterBehaviour } from "@/lib/use-later-behaviour";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import PushPinIcon from "@mui/icons-material/PushPin";
import {
  boardFor,
  maxPhrasesPerLanguage,
  type Board,
  type Boards,
} from "@/features/talk/board/board";
import {
  boardHasText,
  boardIsFull,
  newPhraseId,
  pinPhrase,
} from "@/features/talk/board/board-edits";
import {
  clearHistory,
  deleteEntry,
  restoreCleared,
  restoreEntry,
  type History,
  type HistoryEntry,
} from "@/features/talk/history/history";
import type { SpeechLanguage } from "@/shared/speech-options";
import type { useTalkSpeech } from "@/features/talk/speaking/use-talk-speech";
import { UndoAlert, undoButtonOf } from "@/components/undo-alert";
import { useFocusAfterChange } from "@/lib/use-focus-after-change";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { dateAndTime } from "@/lib/date-time";

/**
 * How many entries show until "Show the whole history" is pressed: a full history is a hundred
 * entries of three buttons each, Tab presses (and switch steps) between the user and the panels
 * below it, and the recent ones are what is said again.
 */
export const recentEntriesShown = 10;

/**
 * What was said, newest first, with the time. A tap on an entry says it again; each one can be
 * pinned to the board or deleted, and the whole list cleared (after a second press). The newest
 * ten show, the rest on request.
 */
export function TalkHistory(props: HistoryProps) {
  const { t } = useLingui();
  if (props.history.length === 0) {
    return <Typography sx={{ color: "text.secondary" }}>{t`Nothing said yet.`}</Typography>;
  }
  return <HistoryEntries {...props} />;
}

type HistoryProps = {
  history: History;
  isOnBoard: (entry: HistoryEntry) => boolean;
  onSay: (entry: HistoryEntry) => void;
  onPin: (entry: HistoryEntry) => void;
  onDelete: (entry: HistoryEntry) => void;
  onClear: () => void;
};

function HistoryEntries({ history, isOnBoard, onSay, onPin, onDelete, onClear }: HistoryProps) {
  const { t, i18n } = useLingui();
  const [whole, setWhole] = useState(false);
  // Words too wide for the entry (large text on a phone) are made a little smaller rather than
  // broken, as on the board.
  const listRef = useLaterBehaviour<HTMLOListElement>(() =>
    import("@/lib/fit-long-words").then(({ fitLongWords }) => fitLongWords),
  );
  // The rows' presses go to the newest handlers through ones that stay the same, so a phrase said
  // (a new entry at the top) draws that row alone, not all hundred.
  const handlers = useLatest({ onSay, onPin, onDelete });
  const [rowHandlers] = useState(() => ({
    onSay: (entry: HistoryEntry) => handlers.current.onSay(entry),
    onPin: (entry: HistoryEntry) => handlers.current.onPin(entry),
    onDelete: (entry: HistoryEntry) => handlers.current.onDelete(entry),
  }));
  // The time each entry was said.
  const time = dateAndTime(i18n.locale);

  const shown = whole ? history : history.slice(0, recentEntriesShown);
  const listId = "talk-history-entries";

  return (
    <Stack spacing={2}>
      <Box
        component="ol"
        id={listId}
        ref={listRef}
        // Its column is the panel's width, never a long word's, which is made to fit instead.
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          display: "grid",
          gridTemplateColumns: "minmax(0, 1fr)",
          gap: 1,
        }}
      >
        {shown.map((entry) => (
          <HistoryRow
            key={entry.id}
            entry={entry}
            onBoard={isOnBoard(entry)}
            time={time}
            {...rowHandlers}
          />
        ))}
      </Box>
      {history.length > recentEntriesShown && (
        <Box>
          <Button
            variant="outlined"
            aria-expanded={whole}
            aria-controls={listId}
            onClick={() => {
              if (whole) return setWhole(false);
              // The focus goes on to the first entry that was not shown, where the reader was.
              flushSync(() => setWhole(true));
              const rows = listRef.current?.querySelectorAll<HTMLElement>("[data-history-entry]");
              rows?.[recentEntriesShown]?.focus();
            }}
          >
            {whole
              ? t`Show only the latest ${recentEntriesShown}`
              : t`Show the whole history (${history.length})`}
          </Button>
        </Box>
      )}
      <ClearHistory onClear={onClear} />
    </Stack>
  );
}

const HistoryRow = memo(function HistoryRow({
  entry,
  onBoard,
  time,
  onSay,
  onPin,
  onDelete,
}: {
  entry: HistoryEntry;
  onBoard: boolean;
  time: Intl.DateTimeFormat;
  onSay: (entry: HistoryEntry) => void;
  onPin: (entry: HistoryEntry) => void;
  onDelete: (entry: HistoryEntry) => void;
}) {
  const { t } = useLingui();
  return (
    <Box
      component="li"

      // The buttons go under the words when the text is large: beside them, the words had a
      // third of a phone's width at 200 % and broke mid-word, or pushed Delete off the screen.
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "stretch",
        gap: 1,
        borderBottom: 1,
        borderColor: "divider",
        pb: 1,
      }}
    >
      <Button
        data-history-entry={entry.id}
        onClick={() => onSay(entry)}
        sx={{
          flex: "1 1 10rem",
          minWidth: 0,
          minHeight: 56,
          justifyContent: "flex-start",
          textAlign: "start",
          textTransform: "none",
          flexDirection: "column",
          alignItems: "flex-start",
        }}
      >
        <Box
          component="span"
          lang={entry.language}
          data-fit-words
          // As wide as the entry, not as its longest word: a word wider is seen, and fitted.
          sx={{
            alignSelf: "stretch",
            // On a phone with large text, as large as the text, not an eighth larger: a long word's room.
            fontSize: "min(1.125rem, max(1rem, 7vw))",
            fontWeight: 600,
            color: "text.primary",
            overflowWrap: "anywhere",
          }}
        >
          {entry.text}
        </Box>
        <Box component="span" sx={{ fontSize: "0.875rem", color: "text.secondary" }}>
          <time dateTime={new Date(entry.saidAt).toISOString()}>{time.format(entry.saidAt)}</time>
        </Box>
      </Button>
      <Box sx={{ display: "flex", gap: 1, alignSelf: "center", marginInlineStart: "auto" }}>
        <IconButton
          sx={{ minWidth: 48, minHeight: 48 }}
          aria-label={onBoard ? t`On the board: ${entry.text}` : t`Pin to the board: ${entry.text}`}
          // Focusable once pinned (aria-disabled): pressing it must not drop the focus.
          aria-disabled={onBoard}
          onClick={() => !onBoard && onPin(entry)}
        >
          <PushPinIcon />
        </IconButton>
        <IconButton
          sx={{ minWidth: 48, minHeight: 48 }}
          aria-label={t`Delete from history: ${entry.text}`}
          onClick={() => onDelete(entry)}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </Box>
    </Box>
  );
});

/** Clear all history, after a second press on "Yes, clear all". */
function ClearHistory({ onClear }: { onClear: () => void }) {
  const { t } = useLingui();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // The question takes the focus on the safe answer; answered, focus goes back to Clear.
  useEffect(() => {
    if (confirmingClear) keepRef.current?.focus();
    else if (asked.current) clearRef.current?.focus();
    asked.current = confirmingClear;
  }, [confirmingClear]);

  return confirmingClear ? (
    <Stack
      direction="row"
      role="group"
      aria-label={t`Clear all history?`}
      // Escape answers it the safe way, as it closes a dialog.
      onKeyDown={(event) => {
        if (event.key !== "Escape" || event.defaultPrevented) return;
        event.preventDefault();
        setConfirmingClear(false);
      }}
      sx={{ flexWrap: "wrap", gap: 1.5, alignItems: "center" }}
    >
      <Typography sx={{ fontWeight: 700 }}>{t`Clear all history?`}</Typography>
      <Button
        variant="contained"
        color="error"
        onClick={() => {
          setConfirmingClear(false);
          onClear();
        }}
      >
        {t`Yes, clear all`}
      </Button>
      <Button variant="outlined" onClick={() => setConfirmingClear(false)} ref={keepRef}>
        {t`Keep it`}
      </Button>
    </Stack>
  ) : (
    <Box>
      <Button
        ref={clearRef}
        variant="outlined"
        color="error"
        onClick={() => setConfirmingClear(true)}
      >
        {t`Clear all history`}
      </Button>
    </Box>
  );
}

/**
 * What was said; an entry can be said again, pinned to its language's board or deleted. A
 * deletion can be undone (a slip of a shaky hand beside Pin); the focus goes to its Undo, and
 * from Undo back to the entry. Clearing it all takes the last words from "Said last" too, and can
 * be undone as well.
 */
export function HistorySection({
  history,
  boards,
  speech,
  changeHistory,
  changeBoardIn,
}: {
  history: History;
  boards: Boards;
  speech: Pick<ReturnType<typeof useTalkSpeech>, "say" | "retract">;
  changeHistory: (change: (current: History) => History) => void;
  changeBoardIn: (language: SpeechLanguage, change: (current: Board) => Board) => void;
}) {
  const { t } = useLingui();
  const [deleted, setDeleted] = useState<HistoryEntry | null>(null);
  // What "Clear all history" took away, while its Undo is offered (a slip costs a hundred entries).
  const [cleared, setCleared] = useState<History | null>(null);
  // What the last Pin did: the button's new name alone is not said by every screen reader, and a
  // full board takes no phrase.
  // `count` makes the same words said again a new announcement (Pin pressed twice on a full board).
  const [pinned, setPinned] = useState<{ text: string; full: boolean; count: number } | null>(null);
  // After a deletion the focus goes to its Undo, and after Undo back to the entry.
  const focusAfterChange = useFocusAfterChange([deleted, cleared, history]);

  return (
    <Stack spacing={2}>
      <div role="status">
        {deleted ? (
          <UndoAlert
            mark="history"
            onUndo={() => {
              const entry = deleted;
              setDeleted(null);
              changeHistory((current) => restoreEntry(current, entry));
              // Said again since, its words are back already, as the newest entry, at the top:
              // the focus goes there rather than to the page's top.
              focusAfterChange([
                `[data-history-entry="${CSS.escape(entry.id)}"]`,
                "[data-history-entry]",
              ]);
            }}
          >
            {t`Deleted from history: ${deleted.text}`}
          </UndoAlert>
        ) : cleared ? (
          <UndoAlert
            mark="history"
            onUndo={() => {
              setCleared(null);
              changeHistory((current) => restoreCleared(current, cleared));
              focusAfterChange(["[data-history-entry]"]);
            }}
          >
            {t`History cleared.`}
          </UndoAlert>
        ) : pinned ? (
          <Alert key={pinned.count} role="none" severity={pinned.full ? "warning" : "success"}>
            {pinned.full
              ? t`This board is full: it holds ${maxPhrasesPerLanguage} phrases. Delete one to pin another.`
              : t`Pinned to the board: ${pinned.text}`}
          </Alert>
        ) : null}
      </div>
      <TalkHistory
        history={history}
        isOnBoard={(entry) => boardHasText(boardFor(boards, entry.language), entry.text)}
        onSay={(entry) => speech.say(entry.text, entry.language)}
        onPin={(entry) => {
          setDeleted(null);
          setCleared(null);
          const full = boardIsFull(boardFor(boards, entry.language));
          setPinned((last) => ({ text: entry.text, full, count: (last?.count ?? 0) + 1 }));
          if (!full) {
            changeBoardIn(entry.language, (board) => pinPhrase(board, entry.text, newPhraseId()));
          }
        }}
        onDelete={(entry) => {
          setPinned(null);
          setCleared(null);
          setDeleted(entry);
          changeHistory((current) => deleteEntry(current, entry.id));
          focusAfterChange([undoButtonOf("history")]);
        }}
        onClear={() => {
          setDeleted(null);
          setPinned(null);
          setCleared(history);
          changeHistory(() => clearHistory());
          // Words cleared from the history are not left large on the screen (a shared tablet).
          speech.retract();
          // The buttons went with the history: the focus goes to the clear's Undo, which says it.
          focusAfterChange([undoButtonOf("history")]);
        }}
      />
    </Stack>
  );
}
