import { useState, type Ref } from "react";
import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/text-field";
import DownloadIcon from "@mui/icons-material/Download";
import RestartAltIcon from "@mui/icons-material/RestartAlt";
import { textFile, textFileName } from "@/features/recognition/download-file";
import { downloadFile } from "@/lib/download-file";
import { textDirectionOf } from "@/features/recognition/text-direction";
import { ignorePressesAfter, pressGuard } from "@/features/recognition/press-guard";
import { SectionPanel } from "@/components/section-panel";
import { Button } from "@/components/button";
import { useKioskActive } from "@/lib/kiosk-flag";
import Typography from "@mui/material/Typography";

type RecognizedTextPanelProps = {
  text: string;
  language: string;
  hasAudio: boolean;
  onEdit: (text: string) => void;
  onReset: () => void;
  inputRef?: Ref<HTMLTextAreaElement>;
};

export function RecognizedTextPanel({
  text,
  language,
  hasAudio,
  onEdit,
  onReset,
  inputRef,
}: RecognizedTextPanelProps) {
  const { t } = useLingui();
  const empty = text.trim().length === 0;
  const [downloadPressTaken] = useState(pressGuard);
  // A file saved on a clinic's shared tablet would outlast the privacy reset, for the next patient.
  const kiosk = useKioskActive();
  return (
    <SectionPanel
      title={t`Your text`}
      lead={t`Correct any word by typing. The text stays on this device until you press Reset.`}
      fillHeight
    >
      <TextField
        label={t`Recognized text`}
        multiline
        minRows={5}
        fullWidth
        value={text}
        inputRef={inputRef}
        onChange={(event) => onEdit(event.target.value)}
        helperText={hasAudio ? t`Changing the text removes the audio made from it.` : undefined}
        htmlInput={{ dir: textDirectionOf(language), lang: language.split("-")[0] }}
        sx={{ "& textarea": { fontSize: "1.25rem", lineHeight: 1.5 } }}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2.5, flexWrap: "wrap" }}>
        {kiosk ? null : (
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            // Focusable without text (aria-disabled): the focus stays where a press put it. A
            // tremor's second tap does not save the file twice.
            aria-disabled={empty}
            onClick={() => {
              if (!empty && downloadPressTaken()) downloadFile(textFile(text), textFileName);
            }}
          >
            {t`Download text`}
          </Button>
        )}
        <Button
          variant="outlined"
          color="error"
          startIcon={<RestartAltIcon />}
          onClick={(event) => {
            const place = event.currentTarget.getBoundingClientRect();
            onReset();
            // This button goes with the panels: what comes in its place, and Start recording,
            // where the focus goes, do not take a double tap's second press.
            ignorePressesAfter(place, document.activeElement);
          }}
        >
          {t`Reset`}
        </Button>
      </Stack>
      {kiosk ? (
        <Typography sx={{ mt: 1.5, color: "text.secondary" }}>
          {t`This shared tablet does not save files, so nothing of yours stays on it for the next person.`}
        </Typography>
      ) : null}
    </SectionPanel>
  );
}
