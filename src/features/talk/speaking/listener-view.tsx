import { useEffect, useLayoutEffect, useRef } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { styled } from "@mui/material/styles";
import CloseIcon from "@mui/icons-material/Close";
import { Button } from "@/components/button";
import { fitText } from "@/lib/fit-text";
import { focusOnDark } from "@/theme/theme";

const FullScreenDialog = styled("dialog")({
  border: "none",
  padding: 0,
  margin: 0,
  width: "100vw",
  height: "100dvh",
  maxWidth: "none",
  maxHeight: "none",
  backgroundColor: "#000",
  color: "#fff",
  "&::backdrop": { backgroundColor: "#000" },
  // A margin of the layout it is put in (the Said area's Stack spaces its children with
  // margin-top) would push it down, its Close button off the bottom of the screen.
  "&:modal": { margin: 0 },
  "&:focus-visible": { outline: "4px solid #ffb000", outlineOffset: -4 },
});

/**
 * What was just said, as large as the screen allows, white on black, for the person listening;
 * turned upside down on request for someone across the table. Any tap or Escape closes it.
 */
export function ListenerView({
  text,
  language,
  turned,
  onClose,
}: {
  text: string;
  /** The language the text is in, for its pronunciation by screen readers and its hyphens. */
  language: string;
  turned: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The dialog itself takes the focus, so Escape and Enter work at once and nothing is pressed.
    dialog?.focus();
  }, []);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const paragraph = textRef.current;
    if (!box || !paragraph) return;
    // As large as the screen allows: the whole text inside the box.
    const fit = () =>
      fitText(
        paragraph,
        16,
        400,
        () =>
          paragraph.scrollWidth <= box.clientWidth && paragraph.scrollHeight <= box.clientHeight,
      );
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, [text]);

  return (
    <FullScreenDialog
      ref={dialogRef}
      tabIndex={-1}
      aria-label={t`Listener view`}
      onClose={onClose}
      onClick={() => dialogRef.current?.close()}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          dialogRef.current?.close();
        }
      }}
    >
      <Box sx={{ display: "flex", flexDirection: "column", height: "100%", p: { xs: 2, md: 4 } }}>
        <Box
          ref={boxRef}
          sx={{
            flex: 1,
            minHeight: 0,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            overflow: "hidden",
            transform: turned ? "rotate(180deg)" : "none",
          }}
        >
          <Box
            component="p"
            ref={textRef}
            lang={language}
            sx={{
              m: 0,
              maxWidth: "100%",
              fontWeight: 700,
              lineHeight: 1.15,
              textAlign: "center",
              width: "100%",
            }}
          >
            {text}
          </Box>
        </Box>
        <Box
          sx={{
            pt: 2,
            display: "flex",
            flexWrap: "wrap",
            gap: 2,
            alignItems: "center",
            justifyContent: "center",
            ...focusOnDark,
          }}
        >
          <Box component="p" sx={{ m: 0, fontSize: "1.125rem", color: "#e6e6e6" }}>
            {t`Tap anywhere or press Escape to close.`}
          </Box>
          {/* For a switch: scanning takes over taps and keys, and needs something to choose. */}
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<CloseIcon />}
            onClick={(event) => {
              event.stopPropagation();
              dialogRef.current?.close();
            }}
            sx={{ minHeight: 56 }}
          >
            {t`Close`}
          </Button>
        </Box>
      </Box>
    </FullScreenDialog>
  );
}
