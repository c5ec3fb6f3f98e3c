import { useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import FullscreenIcon from "@mui/icons-material/Fullscreen";
import ReplayIcon from "@mui/icons-material/Replay";
import ScreenRotationIcon from "@mui/icons-material/ScreenRotation";
import StopIcon from "@mui/icons-material/Stop";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { useFocusMainContentWhenLost } from "@/lib/main-content";
import type { SpeechFailure } from "@/features/talk/speaking/use-talk-speech";
import { focusOnDark } from "@/theme/theme";

/** What was said last, large, with the ways to say it again, stop it or show it to a listener. */
export function SaidPanel({
  text,
  language,
  speaking,
  turnForListener,
  onSayAgain,
  onStop,
  onShowListener,
  onTurnChange,
}: {
  text: string;
  language: string;
  speaking: boolean;
  turnForListener: boolean;
  onSayAgain: () => void;
  onStop: () => void;
  onShowListener: () => void;
  onTurnChange: (turned: boolean) => void;
}) {
  const { t } = useLingui();
  return (
    <Paper
      component="section"
      aria-label={t`Said last`}
      sx={{ p: { xs: 2, md: 3 }, bgcolor: "#0d1b2a", color: "#fff", ...focusOnDark }}
    >
      <Typography sx={{ fontSize: "0.95rem", color: "#d5dde6", mb: 1 }}>{t`Said last`}</Typography>
      <Box
        component="p"
        lang={language}
        sx={{
          m: 0,
          mb: 2,
          fontSize: { xs: "1.75rem", md: "2.5rem" },
          fontWeight: 700,
          lineHeight: 1.2,
          overflowWrap: "anywhere",
        }}
      >
        {text}
      </Box>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
        <Button
          variant="contained"
          color="inherit"
          startIcon={<ReplayIcon />}
          onClick={onSayAgain}
          sx={{ color: "#0d1b2a", minHeight: 56 }}
        >
          {t`Say it again`}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<StopIcon />}
          // Focusable while nothing is said (aria-disabled): pressing it must not drop the focus.
          aria-disabled={!speaking}
          onClick={() => speaking && onStop()}
          sx={{
            minHeight: 56,
            "&[aria-disabled=true]": { color: "#b8c2cc", borderColor: "#8c98a4" },
          }}
        >
          {t`Stop`}
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<FullscreenIcon />}
          onClick={onShowListener}
          sx={{ minHeight: 56 }}
        >
          {t`Show to the listener`}
        </Button>
        <Button
          variant={turnForListener ? "contained" : "outlined"}
          color="inherit"
          aria-pressed={turnForListener}
          startIcon={<ScreenRotationIcon />}
          onClick={() => onTurnChange(!turnForListener)}
          sx={{ minHeight: 56, ...(turnForListener ? { color: "#0d1b2a" } : {}) }}
        >
          {t`Turn for the listener`}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * Why something could not be said, at the bottom of the screen: wherever the user is on the page
 * (a phrase tapped far down the board), and without moving the board under their finger, as the
 * panel above it would. Closed, the focus goes back to where it was as the message came (the box
 * typed in, the phrase tapped), or on from the main content.
 */
export function SpeechFailureAlert({
  reason,
  onClose,
}: {
  reason: SpeechFailure;
  onClose: () => void;
}) {
  const { t } = useLingui();
  useFocusMainContentWhenLost();
  const [cameFrom] = useState(() => document.activeElement);
  const alertRef = useRef<HTMLDivElement>(null);
  const close = () => {
    if (alertRef.current?.contains(document.activeElement) && cameFrom instanceof HTMLElement)
      cameFrom.focus({ preventScroll: true });
    onClose();
  };
  const message = {
    "nothing-to-say": t`There is nothing to read aloud in this text. Record or type some words.`,
    "no-voice": t`The voice for this language is not on this device yet. Connect to the internet once to load it; after that it works offline.`,
    failed: t`This could not be said aloud. Please try again.`,
  }[reason];
  return (
    <FailureDock>
      <Alert ref={alertRef} severity="error" role="alert" onClose={close} closeText={t`Close`}>
        {message}
      </Alert>
    </FailureDock>
  );
}

/**
 * Where a speech failure shows: fixed at the bottom as a toast is (BottomToast, whose chunk would
 * be listed in Talk's first JavaScript), above the outbox's news and the switch scanning bar. A
 * tap beside the message still reaches the board.
 */
const FailureDock = styled("div")(({ theme }) => ({
  position: "fixed",
  zIndex: theme.zIndex.snackbar,
  insetInline: 8,
  bottom: "calc(8px + var(--sent-notice-height, 0px) + var(--scan-bar-height, 0px))",
  display: "flex",
  justifyContent: "center",
  pointerEvents: "none",
  "& > *": { pointerEvents: "auto" },
}));
