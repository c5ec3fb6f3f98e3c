import { Suspense, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/text-field";
import CheckIcon from "@mui/icons-material/Check";
import EditIcon from "@mui/icons-material/Edit";
import type { Board, Phrase } from "@/features/talk/board/board";
import { PhraseBoard, phraseControlSelector } from "@/features/talk/board/phrase-board";
import type { Deleted } from "@/features/talk/board/board-editing";
import {
  symbolDisplayOf,
  withSymbolDisplay,
  type BoardLook,
} from "@/features/talk/board/board-look";
import { SectionPanel } from "@/components/section-panel";
import { nativeNameOf } from "@/shared/languages";
import { isSpeechLanguage, speechLanguages, type SpeechLanguage } from "@/shared/speech-options";
import { useFocusAfterChange } from "@/lib/use-focus-after-change";
import { Button } from "@/components/button";
import { Alert } from "@/components/alert";
import { UndoAlert } from "@/components/undo-alert";
import { loadWhenOnline } from "@/lib/load-when-online";
import { lazyPart } from "@/components/lazy-part";
import { withCatalogParts } from "@/lib/i18n";

// Editing's code comes when it first starts (a head start when a pointer or the focus reaches
// its button): until it is there the board stays as it is. Offline, before the service worker
// has it, it comes once the connection is back.
const fetchEditing = () =>
  withCatalogParts(["talk-panels"], import("@/features/talk/board/board-editing"));
const loadEditing = loadWhenOnline(fetchEditing);
const BoardEditing = lazyPart(() => loadEditing().then((module) => module.BoardEditing));
const headStartEditing = () => void fetchEditing().catch(() => undefined);

/**
 * The phrase board's panel: the language it speaks, editing (add, edit, reorder, favourite,
 * delete with undo, restore the starters: board-editing.tsx), and the board itself, where one
 * tap says a phrase.
 */
export function BoardSection({
  board,
  language,
  loaded,
  look,
  changeBoard,
  changeBoardIn,
  onLookChange,
  onLanguageChange,
  onSay,
  onDeleted,
  onRestored,
}: {
  board: Board;
  language: SpeechLanguage;
  loaded: boolean;
  look: BoardLook;
  onLookChange: (look: BoardLook) => void;
  changeBoard: (change: (current: Board) => Board) => void;
  /** Changes the board of another language (Undo after "Speak in" changed). */
  changeBoardIn: (language: SpeechLanguage, change: (current: Board) => Board) => void;
  onLanguageChange: (language: SpeechLanguage) => void;
  onSay: (phrase: Phrase) => void;
  /** A phrase left the board (its taught voice goes with it). */
  onDeleted: (phrase: Phrase) => void;
  /** A deleted phrase came back at Undo (its taught voice with it). */
  onRestored: (phrase: Phrase) => void;
}) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  // Both are set while editing, and outlast it: Undo stays.
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const [notice, setNotice] = useState("");
  const display = symbolDisplayOf(look, language);
  const focusAfterEdit = useFocusAfterChange([board, deleted, editing, notice]);

  const undoDelete = async (undone: Deleted) => {
    setDeleted(null);
    // Editing's code is here: only a deletion while editing offers Undo.
    const { undoDeletion } = await loadEditing();
    const { restored, notice } = await undoDeletion(undone, language, changeBoardIn);
    if (restored) onRestored(restored);
    setNotice(i18n._(notice));
    // Back where the user was: the phrase's Delete while editing, the phrase itself otherwise.
    // With no phrase back on the board shown, what is said is beside "Speak in".
    focusAfterEdit(
      restored && undone.language === language
        ? [phraseControlSelector(restored.id, "delete"), phraseControlSelector(restored.id, "say")]
        : [speakInSelector],
    );
  };

  const say = (phrase: Phrase) => {
    setNotice("");
    onSay(phrase);
  };

  const sayBoard = (
    <PhraseBoard
      board={board}
      language={language}
      onSay={say}
      display={display}
      phoneColumns={look.phoneColumns}
    />
  );

  return (
    <SectionPanel
      compact
      title={t`Phrase board`}
      busy={!loaded}
      actions={
        <BoardControls
          language={language}
          editing={editing}
          onLanguageChange={onLanguageChange}
          onEditingChange={setEditing}
        />
      }
    >
      <Stack spacing={2}>
        <BoardNotice
          deleted={deleted}
          notice={notice}
          onUndo={(undone) => void undoDelete(undone)}
        />
        {editing ? (
          <Suspense fallback={sayBoard}>
            <BoardEditing
              board={board}
              language={language}
              display={display}
              phoneColumns={look.phoneColumns}
              onDisplayChange={(next) => onLookChange(withSymbolDisplay(look, language, next))}
              onPhoneColumnsChange={(phoneColumns) => onLookChange({ ...look, phoneColumns })}
              changeBoard={changeBoard}
              onDeleted={(gone) => {
                setDeleted(gone);
                onDeleted(gone.phrase);
              }}
              onNotice={(next) => {
                // The latest action is the one said (a deleted starter is back after Restore).
                setDeleted(null);
                setNotice(next);
              }}
              focusAfterEdit={focusAfterEdit}
            />
          </Suspense>
        ) : (
          sayBoard
        )}
      </Stack>
    </SectionPanel>
  );
}

const speakInId = "talk-speak-in";
const speakInSelector = `#${speakInId}`;

/** The language the board speaks, and the switch into editing it. */
function BoardControls({
  language,
  editing,
  onLanguageChange,
  onEditingChange,
}: {
  language: SpeechLanguage;
  editing: boolean;
  onLanguageChange: (language: SpeechLanguage) => void;
  onEditingChange: (editing: boolean) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: "wrap", gap: 1.5, alignItems: "center", maxWidth: "100%" }}
    >
      <TextField
        select
        id={speakInId}
        label={t`Speak in`}
        value={language}
        onChange={(event) => {
          if (isSpeechLanguage(event.target.value)) onLanguageChange(event.target.value);
        }}
        sx={{ minWidth: 180, maxWidth: "100%" }}
      >
        {speechLanguages.map((code) => (
          <option key={code} value={code}>
            {nativeNameOf(code)}
          </option>
        ))}
      </TextField>
      <Button
        variant={editing ? "contained" : "outlined"}
        aria-pressed={editing}
        startIcon={editing ? <CheckIcon /> : <EditIcon />}
        onPointerEnter={headStartEditing}
        onFocus={headStartEditing}
        onClick={() => onEditingChange(!editing)}
        roomFor={editing ? t`Edit the board` : t`Done editing`}
      >
        {editing ? t`Done editing` : t`Edit the board`}
      </Button>
    </Stack>
  );
}

/** A deleted phrase with its Undo, or what the last action did; announced as it changes. */
function BoardNotice({
  deleted,
  notice,
  onUndo,
}: {
  deleted: Deleted | null;
  notice: string;
  onUndo: (deleted: Deleted) => void;
}) {
  const { t } = useLingui();
  return (
    <div role="status">
      {deleted ? (
        <UndoAlert
          // Its own for each deletion: switch scanning's Undo finds the one its press brought.
          key={deleted.phrase.id}
          mark="board"
          onUndo={() => onUndo(deleted)}
        >{t`Deleted: ${deleted.phrase.text}`}</UndoAlert>
      ) : notice ? (
        <Alert role="none" severity="success">
          {notice}
        </Alert>
      ) : null}
    </div>
  );
}
