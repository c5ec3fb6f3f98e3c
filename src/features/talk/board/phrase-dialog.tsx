import { useId, useRef, useState, type FormEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import Dialog from "@mui/material/Dialog";
import { FormDialogActions } from "@/components/form-dialog-actions";
import { QuestionDialog } from "@/components/question-dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { TextField } from "@/components/text-field";
import {
  boardCategories,
  isBoardCategory,
  maxPhraseLength,
  maxPhrasesPerLanguage,
} from "@/features/talk/board/board";
import { phraseProblem, type PhraseDraft } from "@/features/talk/board/board-edits";
import { categoryLabels } from "@/features/talk/board/category-labels";
import { PhrasePictureField } from "@/features/talk/board/phrase-picture-field";
import { removePictures } from "@/features/talk/board/phrase-picture-writes";

/**
 * The phrase field takes the focus as the dialog opens, so typing can start at once (on a tablet,
 * its keyboard comes up without another tap), with the caret at the end of a phrase being edited,
 * where words are added. A ref, as the dialogs' `focusOnce`: called once, when the field is drawn
 * (a commit after the dialog itself, so an effect of the dialog's comes too early). With switch
 * scanning on, the dialog takes the focus instead, and the switch chooses the field
 * (use-switch-scanning.ts).
 */
const focusAtEnd = (box: HTMLInputElement | HTMLTextAreaElement | null) => {
  if (!box) return;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
};

/**
 * Adds a phrase or edits one. A problem is shown on the field itself and the typed text stays,
 * so nothing typed with effort is lost.
 */
export function PhraseDialog({
  initial,
  mode,
  full = false,
  onSave,
  onCancel,
}: {
  initial: PhraseDraft;
  mode: "add" | "edit";
  /** The board holds as many phrases as it may: a new one is refused, saying why. */
  full?: boolean;
  onSave: (draft: PhraseDraft) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState(false);
  // The phrase's box, focused at its end as the dialog opens (one function: not again each render).
  const phraseBox = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const [keepPhraseBox] = useState(() => (box: HTMLInputElement | HTMLTextAreaElement | null) => {
    phraseBox.current = box;
    focusAtEnd(box);
  });
  const [pictureBusy, setPictureBusy] = useState(false);
  // Photos kept while the dialog was open: those the phrase does not end with are erased.
  const keptPictures = useRef<string[]>([]);
  const eraseUnused = (used: PhraseDraft["symbol"]) =>
    void removePictures(
      keptPictures.current.filter((id) => used?.set !== "picture" || used.id !== id),
    );
  const cancel = () => {
    eraseUnused(undefined);
    onCancel();
  };
  // Typed with effort, a phrase is not thrown away by one slip (Cancel is beside Save, Escape
  // under a shaking hand): with anything changed, leaving asks first.
  const [askingToLeave, setAskingToLeave] = useState(false);
  const changed =
    draft.text !== initial.text ||
    draft.category !== initial.category ||
    draft.symbol !== initial.symbol;
  const leave = () => (changed ? setAskingToLeave(true) : cancel());
  const problem = checked ? (full ? "full" : phraseProblem(draft.text)) : undefined;
  const problemText =
    problem === "full"
      ? t`This board is full: it holds ${maxPhrasesPerLanguage} phrases. Delete one to add another.`
      : problem === "empty"
        ? t`Type the phrase first.`
        : problem === "too-long"
          ? t`A phrase can have at most ${maxPhraseLength} characters.`
          : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Saved without the photo being made ready, the phrase would have none: Save waits (the
    // field says what is under way).
    if (pictureBusy) return;
    setChecked(true);
    // The focus goes to the phrase, whose error is read with it: on Save, nothing said why.
    if (full || phraseProblem(draft.text)) {
      phraseBox.current?.focus();
      return;
    }
    eraseUnused(draft.symbol);
    onSave(draft);
  };

  return (
    <Dialog
      open
      // A stray tap beside it (a tremor) is ignored; Escape is Cancel.
      onClose={(_event, reason) => {
        if (reason !== "backdropClick") leave();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {mode === "add" ? t`Add a phrase` : t`Edit the phrase`}
        </DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2.5, pt: "8px !important" }}>
          <TextField
            inputRef={keepPhraseBox}
            label={t`Phrase`}
            value={draft.text}
            onChange={(event) => {
              const text = event.target.value;
              setDraft((now) => ({ ...now, text }));
            }}
            error={Boolean(problemText)}
            helperText={problemText}
            multiline
            minRows={2}
            htmlInput={{ sx: { fontSize: "1.25rem" } }}
          />
          <TextField
            select
            label={t`Group`}
            value={draft.category}
            onChange={(event) => {
              const category = event.target.value;
              if (isBoardCategory(category)) setDraft((now) => ({ ...now, category }));
            }}
          >
            {boardCategories.map((category) => (
              <option key={category} value={category}>
                {i18n._(categoryLabels[category])}
              </option>
            ))}
          </TextField>
          <PhrasePictureField
            symbol={draft.symbol}
            // A photo is ready after a while: what was typed meanwhile stays.
            onChange={(symbol) => setDraft((now) => ({ ...now, symbol }))}
            onPictureKept={(id) => keptPictures.current.push(id)}
            busy={pictureBusy}
            onBusyChange={setPictureBusy}
          />
        </DialogContent>
        <FormDialogActions submitLabel={t`Save the phrase`} busy={pictureBusy} onCancel={leave} />
      </form>
      {askingToLeave ? (
        <QuestionDialog
          title={t`Leave without saving?`}
          text={
            mode === "add"
              ? t`The phrase you typed is not saved yet.`
              : t`Your changes to this phrase are not saved yet.`
          }
          answers={[
            { label: t`Leave without saving`, color: "error", onChoose: cancel },
            {
              label: t`Keep editing`,
              variant: "contained",
              onChoose: () => setAskingToLeave(false),
            },
          ]}
        />
      ) : null}
    </Dialog>
  );
}
