import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DownloadIcon from "@mui/icons-material/Download";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { ProgressBar } from "@/components/progress-bar";
import {
  voiceDestinationOf,
  type PackDownload,
  type RecognitionChoice,
} from "@/features/recognition/recognition-choice";
import { recognitionLanguages } from "@/features/recognition/recognition-languages";
import { useFocusMainContentWhenLost } from "@/lib/main-content";
import { useConnectionStatus } from "@/lib/use-online-status";

type VoiceNoticeProps = {
  /** Null while the browser has not answered yet. */
  choice: RecognitionChoice | null;
  /** What the line says: the choice, or while recording, the one the recording started with. */
  lineChoice: RecognitionChoice | null;
  language: string;
  download: PackDownload;
  onInstallPack: () => void;
  /** For the recording button's description: the line says where its press sends the voice. */
  lineId: string;
};

/**
 * Beside the microphone control: one plain line saying where the voice goes right now and,
 * where the browser offers one, the language pack that lets the voice stay on the device.
 */
export function VoiceNotice({
  choice,
  lineChoice,
  language,
  download,
  onInstallPack,
  lineId,
}: VoiceNoticeProps) {
  const { t, i18n } = useLingui();
  const named = recognitionLanguages.find((l) => l.code === language);
  const languageName = named ? i18n._(named.name) : language;

  const where = lineChoice ? voiceDestinationOf(lineChoice) : null;
  const line =
    !lineChoice || !where
      ? ""
      : where === "device"
        ? t`Your voice is recognised on this device and does not leave it.`
        : where === "online"
          ? t`Your voice goes to your browser's online speech service (your voice leaves this device).`
          : lineChoice.kind === "install"
            ? t`Your voice is not recognised until the language pack is on this device: type instead.`
            : lineChoice.kind === "none" && lineChoice.reason === "only-on-device"
              ? t`Recognition on this device is not available for this language in this browser: type instead.`
              : t`Speech recognition is not available in this browser: type instead.`;

  const installing = download.status === "installing";
  const downloading = choice?.kind === "install" && choice.downloading;
  const lineRef = useRef<HTMLElement>(null);
  const downloadRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes when a download ends: its button again if it failed, to try again at
  // once; once the pack is here, the line that says where the voice goes now.
  const afterDownload = useMemo(
    () => ({
      get current() {
        return downloadRef.current ?? lineRef.current;
      },
    }),
    [],
  );
  // The browser downloads the pack from its maker's servers: only "no network at all" stops it.
  const offline = useConnectionStatus() === "offline";
  const offlineNoteId = `${lineId}-pack-offline`;

  return (
    <Stack spacing={1.5} sx={{ mt: 1.5 }}>
      {/* Announced when it changes (a pack installed, the setting changed), not a second status:
          the recording status above stays the page's one. */}
      <Typography
        ref={lineRef}
        id={lineId}
        tabIndex={-1}
        aria-live="polite"
        sx={{ fontSize: "1.0625rem", outline: "none" }}
      >
        {line}
      </Typography>
      {choice?.kind === "install" && !downloading ? (
        <Box>
          <Typography sx={{ mb: 1 }}>
            {t`${languageName} can be recognised on this device, also offline, once its language pack is downloaded. Your browser does not say how large it is.`}
          </Typography>
          {/* Offline it stays focusable (aria-disabled) and says why it does nothing. */}
          <Button
            ref={downloadRef}
            variant="outlined"
            startIcon={<DownloadIcon />}
            aria-disabled={offline}
            aria-describedby={offline ? offlineNoteId : undefined}
            onClick={() => !offline && onInstallPack()}
          >
            {t`Download the language pack`}
          </Button>
          {offline ? (
            <Typography id={offlineNoteId} sx={{ mt: 1, color: "text.secondary" }}>
              {t`Downloading the language pack needs a connection.`}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      {downloading ? (
        <PackDownloading after={afterDownload}>
          {installing
            ? t`Downloading the ${languageName} language pack… Your browser does not report its size or how far along it is.`
            : t`Your browser is downloading the ${languageName} language pack. It does not report its size or how far along it is.`}
        </PackDownloading>
      ) : null}
      {download.status === "failed" ? (
        <Alert severity="warning">
          {t`The language pack could not be downloaded. Check the connection and try again.`}
        </Alert>
      ) : null}
      {/* Not while the browser itself says it is downloading the pack. */}
      {download.status === "unconfirmed" && !downloading ? (
        <Alert severity="warning">
          {t`Your browser has not confirmed that the language pack was downloaded. You can try again.`}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * A download under way. It takes the place of the Download button: the focus the press left on
 * the page goes to it, and when it ends, to `after`.
 */
function PackDownloading({
  after,
  children,
}: {
  after: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const text = useRef<HTMLElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) text.current?.focus();
  }, []);
  useFocusMainContentWhenLost(after);
  return (
    <Box>
      <ProgressBar aria-label={t`Downloading the language pack`} sx={{ mb: 1 }} />
      <Typography ref={text} tabIndex={-1} aria-live="polite" sx={{ outline: "none" }}>
        {children}
      </Typography>
    </Box>
  );
}
