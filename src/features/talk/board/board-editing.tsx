import { lazy, Suspense, useEffect, useState } from "react";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import { styled } from "@mui/material/styles";
import AddIcon from "@mui/icons-material/Add";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/Edit";
import RestoreIcon from "@mui/icons-material/Restore";
import StarIcon from "@mui/icons-material/Star";
import StarBorderIcon from "@mui/icons-material/StarBorder";
import { maxPhrasesPerLanguage, type Board, type Phrase } from "@/features/talk/board/board";
import { categoryLabels } from "@/features/talk/board/category-labels";
import {
  addPhrase,
  boardIsFull,
  canMove,
  deletePhrase,
  editPhrase,
  movePhrase,
  newPhraseId,
  picturesOf,
  reinsertPhrase,
  restoreStarters,
  restoringOverfills,
  toggleFavourite,
  type PhraseDraft,
} from "@/features/talk/board/board-edits";
import { removePictures, savePicture } from "@/features/talk/board/phrase-picture-writes";
import { readPicture } from "@/features/talk/board/phrase-pictures";
import { removePicturesOnceStored } from "@/features/talk/board/unused-pictures";
import type { PhoneColumns, SymbolDisplay } from "@/features/talk/board/board-look";
import { BoardLookSettings } from "@/features/talk/board/board-look-settings";
import {
  PhraseGroups,
  phraseControl,
  phraseControlSelector,
} from "@/features/talk/board/phrase-board";
import { PhraseSymbolImage } from "@/features/talk/board/phrase-symbol-image";
import {
  scanKeyAttribute,
  scanResumeAttribute,
  scanUndoneByAttribute,
} from "@/features/talk/scanning/scan-targets";
import { Button } from "@/components/button";
import { IconButton } from "@/components/icon-button";
import type { SpeechLanguage } from "@/shared/speech-options";
import { nativeNameOf } from "@/shared/languages";
import { undoButtonOf } from "@/components/undo-alert";
import { loadWhenOnline } from "@/lib/load-when-online";
import { preloadableLazy } from "@/lib/preloadable-lazy";
import type { useFocusAfterChange } from "@/lib/use-focus-after-change";

// The dialogs (and MUI's modal machinery) load when first needed; offline, before the service
// worker has them, once the connection is back.
const { Component: PhraseDialog, preload: preloadPhraseDialog } = preloadableLazy(
  loadWhenOnline(() =>
    import("@/features/talk/board/phrase-dialog").then((module) => module.PhraseDialog),
  ),
);
const QuestionDialog = lazy(
  loadWhenOnline(() =>
    import("@/components/question-dialog").then((module) => ({
      default: module.QuestionDialog,
    })),
  ),
);

/** What each phrase's buttons do while the board is edited. */
type EditActions = {
  onEdit: (phrase: Phrase) => void;
  onDelete: (phrase: Phrase) => void;
  onMove: (phrase: Phrase, direction: -1 | 1) => void;
  onToggleFavourite: (phrase: Phrase) => void;
};

/** A deleted phrase, for Undo; its own picture, erased from the device, is held here till then. */
export type Deleted = { phrase: Phrase; index: number; language: SpeechLanguage; picture?: Blob };

/** Asks for the focus on the first of these that is there once the board is drawn again. */
type FocusAfterEdit = ReturnType<typeof useFocusAfterChange>;

/** Changes the board, erasing from the device the user's own pictures it no longer uses. */
const erasingUnused =
  (update: (current: Board) => Board) =>
  (current: Board): Board => {
    const next = update(current);
    const kept = new Set(picturesOf(next));
    const unused = picturesOf(current).filter((id) => !kept.has(id));
    removePicturesOnceStored(unused);
    return next;
  };

/**
 * The board while it is edited: its look, Add and Restore, and each phrase with its own buttons
 * (favourite, edit, move up and down, delete) instead of a tap that says it, so nothing depends
 * on dragging or a long press, which a shaky hand cannot do reliably. Its code comes when editing
 * first starts: most users never edit, and none do on opening Talk.
 */
export function BoardEditing({
  board,
  language,
  display,
  phoneColumns,
  onDisplayChange,
  onPhoneColumnsChange,
  changeBoard,
  onDeleted,
  onNotice,
  focusAfterEdit,
}: {
  board: Board;
  language: SpeechLanguage;
  display: SymbolDisplay;
  phoneColumns: PhoneColumns | null;
  onDisplayChange: (display: SymbolDisplay) => void;
  onPhoneColumnsChange: (phoneColumns: PhoneColumns | null) => void;
  changeBoard: (change: (current: Board) => Board) => void;
  /** A phrase was deleted (its Undo is offered). */
  onDeleted: (deleted: Deleted) => void;
  /** What an action did, to be said. */
  onNotice: (notice: string) => void;
  focusAfterEdit: FocusAfterEdit;
}) {
  const { t, i18n } = useLingui();
  const [dialog, setDialog] = useState<
    { mode: "add" } | { mode: "edit"; phrase: Phrase } | { mode: "restore" } | null
  >(null);
  // The phrase dialog comes as editing starts, so that Add a phrase and Edit open it at once.
  useEffect(() => void preloadPhraseDialog().catch(() => undefined), []);

  const deleteWithPicture = async (phrase: Phrase, index: number) => {
    const pictureId = phrase.symbol?.set === "picture" ? phrase.symbol.id : undefined;
    const picture = pictureId ? await readPicture(pictureId) : undefined;
    onDeleted({ phrase, index, language, ...(picture ? { picture } : {}) });
    changeBoard(erasingUnused((current) => deletePhrase(current, phrase.id)));
  };

  const actions: EditActions = {
    onEdit: (phrase) => setDialog({ mode: "edit", phrase }),
    onDelete: (phrase) => {
      void deleteWithPicture(phrase, board.indexOf(phrase));
      // On Undo, which a slip of the hand may need at once.
      focusAfterEdit([undoButtonOf("board")]);
    },
    onMove: (phrase, direction) => {
      const moved = movePhrase(board, phrase.id, direction);
      changeBoard((current) => movePhrase(current, phrase.id, direction));
      // The same button of the phrase in its new place (held there at the end of its group).
      focusAfterEdit([phraseControlSelector(phrase.id, direction < 0 ? "up" : "down")]);
      if (moved === board) return;
      // Where it went, said: the focus stays on a button of the same name, which says nothing
      // of the place.
      const members = moved.filter((other) => other.category === phrase.category);
      const position = members.findIndex((other) => other.id === phrase.id) + 1;
      const count = members.length;
      const group = i18n._(categoryLabels[phrase.category]);
      const text = phrase.text;
      onNotice(t`Moved in ${group} to place ${position} of ${count}: ${text}`);
    },
    onToggleFavourite: (phrase) => changeBoard((current) => toggleFavourite(current, phrase.id)),
  };

  const savePhrase = (draft: PhraseDraft) => {
    if (dialog?.mode === "edit") {
      const { id } = dialog.phrase;
      changeBoard(erasingUnused((current) => editPhrase(current, id, draft)));
      // A phrase moved to another group has a new Edit button: the dialog cannot go back to it.
      focusAfterEdit([phraseControlSelector(id, "edit")]);
      // Said: the focus comes back to a button of the same name, which tells nothing was saved.
      const group = i18n._(categoryLabels[draft.category]);
      onNotice(t`Saved in ${group}: ${draft.text}`);
    } else {
      changeBoard((current) => addPhrase(current, draft, newPhraseId()));
      // The focus goes back to "Add a phrase", and the phrase may be screens away: said.
      const group = i18n._(categoryLabels[draft.category]);
      onNotice(t`Added to ${group}: ${draft.text}`);
    }
    setDialog(null);
  };

  return (
    <Stack spacing={3}>
      <BoardLookSettings
        display={display}
        phoneColumns={phoneColumns}
        onDisplayChange={onDisplayChange}
        onPhoneColumnsChange={onPhoneColumnsChange}
      />
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
        {/* Each opens a dialog: once it closes, switch scanning goes on from the button that
            opened it (use-switch-scanning.ts), found by its key should it be drawn anew. */}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          aria-haspopup="dialog"
          {...{ [scanKeyAttribute]: "board:add" }}
          onClick={() => setDialog({ mode: "add" })}
        >
          {t`Add a phrase`}
        </Button>
        <Button
          variant="outlined"
          startIcon={<RestoreIcon />}
          aria-haspopup="dialog"
          {...{ [scanKeyAttribute]: "board:restore" }}
          // It undoes the user's changes to the starters: asked first, a slip of the hand keeps them.
          onClick={() => setDialog({ mode: "restore" })}
        >
          {t`Restore starter phrases`}
        </Button>
      </Stack>
      <PhraseGroups
        board={board}
        language={language}
        withFavourites={false}
        phoneColumns={phoneColumns}
        renderPhrase={(phrase) => (
          <EditablePhrase board={board} phrase={phrase} actions={actions} />
        )}
      />
      {dialog?.mode === "restore" ? (
        <Suspense fallback={null}>
          <QuestionDialog
            title={t`Restore the starter phrases?`}
            text={t`Deleted starter phrases come back, and those you changed get their first words and symbols back (a photo you gave one is removed). Your own phrases and favourites stay.`}
            answers={[
              {
                label: t`Restore`,
                variant: "contained",
                onChoose: () => {
                  setDialog(null);
                  if (restoringOverfills(board, language)) {
                    onNotice(
                      t`The starter phrases could not come back: the board would hold more than ${maxPhrasesPerLanguage} phrases. Delete some of your own phrases first.`,
                    );
                    return;
                  }
                  changeBoard(erasingUnused((current) => restoreStarters(current, language)));
                  onNotice(t`The starter phrases are back.`);
                },
              },
              { label: t`Cancel`, onChoose: () => setDialog(null) },
            ]}
          />
        </Suspense>
      ) : dialog ? (
        <Suspense fallback={null}>
          <PhraseDialog
            mode={dialog.mode}
            full={dialog.mode === "add" && boardIsFull(board)}
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
    </Stack>
  );
}

/**
 * Undo of a deletion: puts the phrase back where it was on its language's board, with its picture
 * kept again under a new id (without it, the phrase comes back bare). A board that has filled up
 * since (a phrase pinned from the history, another tab) keeps it out, and that is said. Returns
 * the phrase put back (null if none) and what to say.
 */
export async function undoDeletion(
  undone: Deleted,
  shown: SpeechLanguage,
  changeBoardIn: (language: SpeechLanguage, change: (current: Board) => Board) => void,
): Promise<{ restored: Phrase | null; notice: MessageDescriptor }> {
  const pictureId = undone.picture ? await savePicture(undone.picture) : undefined;
  const { symbol, ...bare } = undone.phrase;
  const phrase: Phrase =
    symbol?.set !== "picture"
      ? undone.phrase
      : pictureId
        ? { ...bare, symbol: { set: "picture", id: pictureId } }
        : bare;
  // The boards are read by now (a phrase was deleted from one): the change is made at once.
  const { text } = phrase;
  let back = false;
  changeBoardIn(undone.language, (current) => {
    const next = reinsertPhrase(current, phrase, undone.index);
    back = next !== current;
    return next;
  });
  if (!back) {
    // Kept for this phrase only, which no board holds: erased at once.
    if (pictureId) void removePictures([pictureId]).catch(() => undefined);
    return {
      restored: null,
      notice: msg`The board is full (${maxPhrasesPerLanguage} phrases), so this phrase was not put back: ${text}`,
    };
  }
  // Said, with the board named when it is not the one shown.
  const languageName = nativeNameOf(undone.language);
  const notice =
    undone.language === shown
      ? msg`Put back on the board: ${text}`
      : msg`Put back on the ${languageName} board: ${text}`;
  return { restored: phrase, notice };
}

/**
 * A phrase's tile while the board is edited, styled once for all of them: each tile's own `sx`
 * on its card, rows, words and five buttons cost a phone at a quarter of this machine's speed
 * about 170-260 ms at each press of "Edit the board" (26 tiles, helper-105).
 */
const EditTile = styled("div")(({ theme }) => ({
  flex: 1,
  minWidth: 0,
  // On a phone, as much of its narrow tile as the board's own button gives its words.
  padding: theme.spacing(1),
  display: "flex",
  flexDirection: "column",
  gap: theme.spacing(1),
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  [theme.breakpoints.up("sm")]: { padding: theme.spacing(1.5) },
  "& .tile-words": {
    display: "flex",
    flexWrap: "wrap",
    gap: theme.spacing(1),
    alignItems: "center",
  },
  "& .tile-text": {
    ...theme.typography.body1,
    margin: 0,
    flex: "1 1 8em",
    // As on the board in use (phrase-board.tsx): a long word fits a phone's tile.
    fontSize: "1rem",
    fontWeight: 600,
    overflowWrap: "anywhere",
    [theme.breakpoints.up("sm")]: { fontSize: "1.1rem" },
  },
  "& .tile-actions": {
    display: "flex",
    flexWrap: "wrap",
    gap: theme.spacing(0.5),
    marginTop: "auto",
    "& > button": { width: 48, height: 48 },
  },
}));

function EditablePhrase({
  board,
  phrase,
  actions,
}: {
  board: Board;
  phrase: Phrase;
  actions: EditActions;
}) {
  const { t } = useLingui();
  const text = phrase.text;
  const up = canMove(board, phrase.id, -1);
  const down = canMove(board, phrase.id, 1);
  return (
    <EditTile>
      {/* Beside its picture, a phrase on a phone's narrow tile was a few letters wide, its
          words broken ("Помог-ите"): it goes under the picture when it would be narrower than
          eight letters or so. */}
      <div className="tile-words">
        {phrase.symbol ? <PhraseSymbolImage symbol={phrase.symbol} size="48px" /> : null}
        <p className="tile-text">{text}</p>
      </div>
      <div className="tile-actions">
        <IconButton
          // After a Favourite by the switch, the scan goes on from it, not from the top.
          {...{ [scanResumeAttribute]: "" }}
          aria-pressed={phrase.favourite}
          aria-label={t`Favourite: ${text}`}
          onClick={() => actions.onToggleFavourite(phrase)}
        >
          {phrase.favourite ? <StarIcon /> : <StarBorderIcon />}
        </IconButton>
        <IconButton
          {...phraseControl(phrase.id, "edit")}
          // Its dialog closed, switch scanning goes on from it (found by this key: a phrase moved
          // to another group has a new one).
          {...{ [scanKeyAttribute]: `${phrase.id}:edit` }}
          aria-haspopup="dialog"
          aria-label={t`Edit: ${text}`}
          onClick={() => actions.onEdit(phrase)}
        >
          <EditIcon />
        </IconButton>
        {/* Held at the end of the group, not disabled: the focus stays on it, so a press
            repeated by a tremor or a held key does nothing more, where the focus moved to the
            other arrow would send the phrase back the other way. */}
        <IconButton
          {...phraseControl(phrase.id, "up")}
          // Moved up by mistake, the switch's Undo sends it back down.
          {...{
            [scanKeyAttribute]: `${phrase.id}:up`,
            [scanUndoneByAttribute]: `${phrase.id}:down`,
            [scanResumeAttribute]: "",
          }}
          aria-label={t`Move up: ${text}`}
          aria-disabled={!up}
          onClick={() => up && actions.onMove(phrase, -1)}
        >
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton
          {...phraseControl(phrase.id, "down")}
          {...{
            [scanKeyAttribute]: `${phrase.id}:down`,
            [scanUndoneByAttribute]: `${phrase.id}:up`,
            [scanResumeAttribute]: "",
          }}
          aria-label={t`Move down: ${text}`}
          aria-disabled={!down}
          onClick={() => down && actions.onMove(phrase, 1)}
        >
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton
          {...phraseControl(phrase.id, "delete")}
          // After a Delete by the switch, the scan goes on from the next phrase; after its Undo,
          // from the phrase brought back (found by this key).
          {...{ [scanKeyAttribute]: `${phrase.id}:delete`, [scanResumeAttribute]: "" }}
          aria-label={t`Delete: ${text}`}
          onClick={() => actions.onDelete(phrase)}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </div>
    </EditTile>
  );
}
