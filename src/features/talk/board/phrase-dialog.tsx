import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import Dialog from "@mui/material/Dialog";
import { FormDialogActions } from "@/components/form-dialog-actions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { TextField } from "@/components/text-field";
import { boardCategories, isBoardCategory, maxPhraseLength } from "@/features/talk/board/board";
import { phraseProblem, type PhraseDraft } from "@/features/talk/board/board-edits";
import { categoryLabels } from "@/features/talk/board/category-labels";
import { PhrasePictureField } from "@/features/talk/board/phrase-picture-field";
import { removePictures } from "@/features/talk/board/phrase-pictures";

/**
 * Adds a phrase or edits one. A problem is shown on the field itself and the typed text stays,
 * so nothing typed with effort is lost.
 */
export function PhraseDialog({
  initial,
  mode,
  onSave,
  onCancel,
}: {
  initial: PhraseDraft;
  mode: "add" | "edit";
  onSave: (draft: PhraseDraft) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
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
  // The phrase field takes the focus as the dialog opens, so typing can start at once.
  useEffect(() => textRef.current?.focus(), []);
  const problem = checked ? phraseProblem(draft.text) : undefined;
  const problemText =
    problem === "empty"
      ? t`Type the phrase first.`
      : problem === "too-long"
        ? t`A phrase can have at most ${maxPhraseLength} characters.`
        : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (phraseProblem(draft.text)) return;
    eraseUnused(draft.symbol);
    onSave(draft);
  };

  return (
    <Dialog open onClose={cancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {mode === "add" ? t`Add a phrase` : t`Edit the phrase`}
        </DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2.5, pt: "8px !important" }}>
          <TextField
            inputRef={textRef}
            label={t`Phrase`}
            value={draft.text}
            onChange={(event) => setDraft({ ...draft, text: event.target.value })}
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
              if (isBoardCategory(event.target.value)) {
                setDraft({ ...draft, category: event.target.value });
              }
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
            onChange={(symbol) => setDraft({ ...draft, symbol })}
            onPictureKept={(id) => keptPictures.current.push(id)}
          />
        </DialogContent>
        <FormDialogActions submitLabel={t`Save the phrase`} onCancel={cancel} />
      </form>
    </Dialog>
  );
}
