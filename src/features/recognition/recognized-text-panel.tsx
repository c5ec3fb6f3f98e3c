import { useId } from "react";
import { useLingui } from "@lingui/react/macro";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import DownloadIcon from "@mui/icons-material/Download";
import RestartAltIcon from "@mui/icons-material/RestartAlt";
import { downloadFile, textFile, textFileName } from "@/features/recognition/download-file";
import { textDirectionOf } from "@/features/recognition/text-direction";

type RecognizedTextPanelProps = {
  text: string;
  language: string;
  hasAudio: boolean;
  onEdit: (text: string) => void;
  onReset: () => void;
};

export function RecognizedTextPanel({
  text,
  language,
  hasAudio,
  onEdit,
  onReset,
}: RecognizedTextPanelProps) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2.5, md: 4 }, height: "100%" }}
    >
      <Typography id={headingId} variant="h2" component="h2" gutterBottom>
        {t`Your text`}
      </Typography>
      <Typography sx={{ color: "text.secondary", mb: 2.5 }}>
        {t`Correct any word by typing. The text stays on this device until you press Reset.`}
      </Typography>
      <TextField
        label={t`Recognized text`}
        multiline
        minRows={5}
        fullWidth
        value={text}
        onChange={(event) => onEdit(event.target.value)}
        helperText={hasAudio ? t`Changing the text removes the audio made from it.` : undefined}
        slotProps={{
          htmlInput: { dir: textDirectionOf(language), lang: language.split("-")[0] },
        }}
        sx={{ "& textarea": { fontSize: "1.25rem", lineHeight: 1.5 } }}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2.5, flexWrap: "wrap" }}>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={text.trim().length === 0}
          onClick={() => downloadFile(textFile(text), textFileName)}
        >
          {t`Download text`}
        </Button>
        <Button variant="outlined" color="error" startIcon={<RestartAltIcon />} onClick={onReset}>
          {t`Reset`}
        </Button>
      </Stack>
    </Paper>
  );
}
