import { useEffect, useId, useRef } from "react";
import { useNavigate } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { keyframes, styled } from "@mui/material/styles";
import { hasPilotAccess } from "@/lib/pilot-access";
import { Button } from "@/components/button";

/** How long after the page loads the popup appears (product spec: about 100 ms). */
export const paidDialogDelayMs = 100;

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

/**
 * A native modal `<dialog>` drawn like MUI's Dialog. It is part of the page from the start
 * (prerendered, closed, with its styles), so opening it is a `showModal()` call: the browser
 * puts it in the top layer, makes the page behind it inert and moves focus into it, without the
 * long task MUI's portal, focus trap and transitions take on a slow phone.
 */
const ModalDialog = styled("dialog")(({ theme }) => ({
  border: "none",
  padding: 0,
  margin: "auto",
  maxWidth: "min(600px, calc(100% - 64px))",
  maxHeight: "calc(100% - 64px)",
  overflowY: "auto",
  borderRadius: theme.shape.borderRadius,
  boxShadow: theme.shadows[24],
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  "&::backdrop": { backgroundColor: "rgba(0, 0, 0, 0.5)" },
  "@media (prefers-reduced-motion: no-preference)": {
    "&[open], &[open]::backdrop": { animation: `${fadeIn} 225ms ease-out` },
  },
}));

/**
 * The "available in the paid version" popup of the Recognition and Recovery pages. It appears
 * shortly after load unless this device has pilot access; closing it, by any means (a button,
 * Escape, a tap beside it), goes to the contact page where the visitor can leave a request.
 */
export function PaidFeatureDialog({ message }: { message: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    let cancelled = false;
    const timer = window.setTimeout(() => {
      void hasPilotAccess().then((granted) => {
        if (!cancelled && !granted) dialogRef.current?.showModal();
      });
    }, paidDialogDelayMs);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, []);

  const close = () => dialogRef.current?.close();

  return (
    // A tap on the backdrop reaches the <dialog> itself (its content fills the box); the
    // keyboard closes it with Escape, which the browser handles. `showModal()` focuses the first
    // focusable element: the content, as in MUI's dialogs, so a screen reader reads the title and
    // the text first and the buttons are one Tab away.
    <ModalDialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={() => void navigate({ to: "/contact" })}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <Box tabIndex={-1} sx={{ outline: "none" }}>
        {/* Laid out as MUI's DialogTitle, DialogContent and DialogActions, without their code. */}
        <Typography id={titleId} variant="h3" component="h2" sx={{ px: 3, py: 2 }}>
          {t`Available in the paid version`}
        </Typography>
        <Typography id={textId} sx={{ px: 3, pb: 2.5, color: "text.secondary" }}>
          {message}
        </Typography>
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            justifyContent: "flex-end",
            flexWrap: "wrap",
            gap: 1,
            px: 3,
            pb: 2,
            pt: 1,
          }}
        >
          <Button onClick={close} variant="outlined">
            {t`Close`}
          </Button>
          <Button onClick={close} variant="contained">
            {t`Leave a request`}
          </Button>
        </Box>
      </Box>
    </ModalDialog>
  );
}
