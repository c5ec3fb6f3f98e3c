import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";

/** The Undo button of the alert marked `mark`, for the focus to go to after the deletion. */
export const undoButtonOf = (mark: string) => `[data-undo="${CSS.escape(mark)}"]`;
/** Any alert's Undo button (switch scanning's Undo step presses the one a press brought). */
export const anyUndoButton = "[data-undo]";

/**
 * What was just deleted, with its Undo, for a region that announces it (`role="status"` around
 * it): a slip of a shaky hand can be taken back at once.
 */
export function UndoAlert({
  mark,
  onUndo,
  children,
}: {
  /** Tells this Undo from another one on the screen (see `undoButtonOf`). */
  mark: string;
  onUndo: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Alert
      role="none"
      severity="info"
      action={
        <Button data-undo={mark} color="inherit" onClick={onUndo}>
          {t`Undo`}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
