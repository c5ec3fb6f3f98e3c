import { lazy, Suspense, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/text-field";
import CheckIcon from "@mui/icons-material/Check";
import EditIcon from "@mui/icons-material/Edit";
import {
  addPhrase,
  deletePhrase,
  editPhrase,
  movePhrase,
  newPhraseId,
  picturesOf,
  reinsertPhrase,
  restoreStarters,
  toggleFavourite,
  type Board,
  type Phrase,
  type PhraseDraft,
} from "@/features/talk/board/board";
import { PhraseBoard } from "@/features/talk/board/phrase-board";
import type { EditActions } from "@/features/talk/board/board-editing";
import {
  symbolDisplayOf,
  withSymbolDisplay,
  type BoardLook,
} from "@/features/talk/board/board-look";
import { readPicture, removePictures, savePicture } from "@/features/talk/board/phrase-pictures";
import { SectionPanel } from "@/components/section-panel";
import { nativeNameOf } from "@/shared/languages";
import { isSpeechLanguage, speechLanguages, type SpeechLanguage } from "@/shared/speech-options";
import { Alert } from "@/components/alert";
import { UndoAlert, undoButtonOf } from "@/components/undo-alert";
import { useFocusAfterChange } from "@/lib/use-focus-after-change";
import { Button } from "@/components/button";
import { loadWhenOnline } from "@/lib/load-when-online";
import { lazyPart } from "@/components/lazy-part";

// Editing's code comes when it first starts (a head start when a pointer or the focus reaches
// its button): until it is there the board stays as it is. Offline, before the service worker
// has it, it comes once the connection is back.
const fetchEditing = () => import("@/features/talk/board/board-editing");
const BoardEditing = lazyPart(() =>
  loadWhenOnline(fetchEditing)().then((module) => module.BoardEditing),
);
const headStartEditing = () => void fetchEditing().catch(() => undefined);

// The dialog (and MUI's modal machinery) loads when a phrase is first added or edited; offline,
// before the service worker has it, once the connection is back.
const PhraseDialog = lazy(
  loadWhenOnline(() =>
    import("@/features/talk/board/phrase-dialog").then((module) => ({
      default: module.PhraseDialog,
    })),
  ),
);

/** A deleted phrase, for Undo; its own picture, erased from the device, is held here till then. */
type Deleted = { phrase: Phrase; index: number; language: SpeechLanguage; picture?: Blob };

/**
 * The phrase board's panel: the language it speaks, editing (add, edit, reorder, favourite,
 * delete with undo, restore the starters), and the board itself, where one tap says a phrase.
 */
export function BoardSection({
  board,
  language,
  loaded,
  look,
  changeBoard,
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
  onLanguageChange: (language: SpeechLanguage) => void;
  onSay: (phrase: Phrase) => void;
  /** A phrase left the board (its taught voice goes with it). */
  onDeleted: (phrase: Phrase) => void;
  /** A deleted phrase came back at Undo (its taught voice with it). */
  onRestored: (phrase: Phrase) => void;
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<{ mode: "add" } | { mode: "edit"; phrase: Phrase } | null>(
    null,
  );
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const [notice, setNotice] = useState("");
  const display = symbolDisplayOf(look, language);
  const focusAfterEdit = useFocusAfterChange([board, deleted, editing]);

  // A change that leaves the user's own pictures unused erases them from the device.
  const changeBoardErasing = (update: (current: Board) => Board) =>
    changeBoard((current) => {
      const next = update(current);
      const kept = new Set(picturesOf(next));
      const unused = picturesOf(current).filter((id) => !kept.has(id));
      if (unused.length > 0) void removePictures(unused);
      return next;
    });

  const deleteWithPicture = async (phrase: Phrase, index: number) => {
    const pictureId = phrase.symbol?.set === "picture" ? phrase.symbol.id : undefined;
    const picture = pictureId ? await readPicture(pictureId) : undefined;
    setDeleted({ phrase, index, language, ...(picture ? { picture } : {}) });
    changeBoardErasing((current) => deletePhrase(current, phrase.id));
  };

  const say = (phrase: Phrase) => {
    setNotice("");
    onSay(phrase);
  };
  const actions: EditActions = {
    onAdd: () => setDialog({ mode: "add" }),
    onEdit: (phrase) => setDialog({ mode: "edit", phrase }),
    onDelete: (phrase) => {
      void deleteWithPicture(phrase, board.indexOf(phrase));
      onDeleted(phrase);
      // On Undo, which a slip of the hand may need at once.
      focusAfterEdit([undoButtonOf("board")]);
    },
    onMove: (phrase, direction) => {
      changeBoard((current) => movePhrase(current, phrase.id, direction));
      // The same button of the phrase in its new place; at the end of its group, the other way.
      const [same, other] = direction < 0 ? ["up", "down"] : ["down", "up"];
      focusAfterEdit([
        controlSelector(phrase.id, same),
        controlSelector(phrase.id, other),
        controlSelector(phrase.id, "edit"),
      ]);
    },
    onToggleFavourite: (phrase) => changeBoard((current) => toggleFavourite(current, phrase.id)),
    onRestore: () => {
      changeBoardErasing((current) => restoreStarters(current, language));
      setNotice(t`The starter phrases are back.`);
    },
  };

  const savePhrase = (draft: PhraseDraft) => {
    if (dialog?.mode === "edit") {
      const { id } = dialog.phrase;
      changeBoardErasing((current) => editPhrase(current, id, draft));
    } else {
      changeBoard((current) => addPhrase(current, draft, newPhraseId()));
    }
    setDialog(null);
  };

  const undoDelete = async (undone: Deleted) => {
    setDeleted(null);
    if (undone.language !== language) return;
    // The picture comes back under a new id (kept again); without it, the phrase comes back bare.
    const pictureId = undone.picture ? await savePicture(undone.picture) : undefined;
    const { symbol, ...bare } = undone.phrase;
    const phrase: Phrase =
      symbol?.set !== "picture"
        ? undone.phrase
        : pictureId
          ? { ...bare, symbol: { set: "picture", id: pictureId } }
          : bare;
    changeBoard((current) => reinsertPhrase(current, phrase, undone.index));
    onRestored(phrase);
    // Back where the user was: the phrase's Delete while editing, the phrase itself otherwise.
    focusAfterEdit([controlSelector(phrase.id, "delete"), controlSelector(phrase.id, "say")]);
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
              actions={actions}
              display={display}
              phoneColumns={look.phoneColumns}
              onDisplayChange={(next) => onLookChange(withSymbolDisplay(look, language, next))}
              onPhoneColumnsChange={(phoneColumns) => onLookChange({ ...look, phoneColumns })}
            />
          </Suspense>
        ) : (
          sayBoard
        )}
      </Stack>
      {dialog ? (
        <Suspense fallback={null}>
          <PhraseDialog
            mode={dialog.mode}
            initial={
              dialog.mode === "edit"
                ? {
                    text: dialog.phrase.text,
                    category: dialog.phrase.category,
                    symbol: dialog.phrase.symbol,
                  }
                : { text: "", category: "mine" }
            }
            onSave={savePhrase}
            onCancel={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </SectionPanel>
  );
}

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
      >
        {editing ? t`Done editing` : t`Edit the board`}
      </Button>
    </Stack>
  );
}

const controlSelector = (id: string, control: string) =>
  `[data-phrase-control="${CSS.escape(`${id}:${control}`)}"]`;

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
