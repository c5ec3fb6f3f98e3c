import { useId } from "react";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { Button } from "@/components/button";

/** Focuses a button when it is first drawn (the dialog keeps focus inside once it is there). */
const focusOnce = (element: HTMLButtonElement | null) => element?.focus();

export type QuestionAnswer = {
  label: string;
  onChoose: () => void;
  variant?: "contained" | "outlined" | "text";
  color?: "primary" | "error";
};

/**
 * A question asked before something the user made is deleted or replaced (My voice's "Forget"
 * and "Teach again", the board's "Restore starter phrases"). The last answer is the one that
 * changes nothing: it has the focus, so a stray press deletes nothing, and Escape or a tap
 * outside chooses it.
 */
export function QuestionDialog({
  title,
  text,
  answers,
}: {
  title: string;
  text: string;
  answers: QuestionAnswer[];
}) {
  const titleId = useId();
  const textId = useId();
  const cancel = answers[answers.length - 1]!;
  return (
    <Dialog
      open
      onClose={cancel.onChoose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: "wrap" }}>
        {answers.map((answer, index) => (
          <Button
            key={answer.label}
            ref={index === answers.length - 1 ? focusOnce : undefined}
            variant={answer.variant ?? "outlined"}
            color={answer.color ?? "primary"}
            onClick={answer.onChoose}
          >
            {answer.label}
          </Button>
        ))}
      </DialogActions>
    </Dialog>
  );
}
