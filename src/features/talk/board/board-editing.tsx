import { useLingui } from "@lingui/react/macro";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/Edit";
import RestoreIcon from "@mui/icons-material/Restore";
import StarIcon from "@mui/icons-material/Star";
import StarBorderIcon from "@mui/icons-material/StarBorder";
import { canMove, type Board, type Phrase } from "@/features/talk/board/board";
import type { PhoneColumns, SymbolDisplay } from "@/features/talk/board/board-look";
import { BoardLookSettings } from "@/features/talk/board/board-look-settings";
import { PhraseGroups, phraseControl } from "@/features/talk/board/phrase-board";
import { PhraseSymbolImage } from "@/features/talk/board/phrase-symbol-image";
import { Button } from "@/components/button";
import { IconButton } from "@/components/icon-button";
import type { SpeechLanguage } from "@/shared/speech-options";

/** What editing the board does; board-section.tsx carries it out. */
export type EditActions = {
  onAdd: () => void;
  onEdit: (phrase: Phrase) => void;
  onDelete: (phrase: Phrase) => void;
  onMove: (phrase: Phrase, direction: -1 | 1) => void;
  onToggleFavourite: (phrase: Phrase) => void;
  onRestore: () => void;
};

/**
 * The board while it is edited: its look, Add and Restore, and each phrase with its own buttons
 * (favourite, edit, move up and down, delete) instead of a tap that says it, so nothing depends
 * on dragging or a long press, which a shaky hand cannot do reliably. Its code comes when editing
 * first starts: most users never edit, and none do on opening Talk.
 */
export function BoardEditing({
  board,
  language,
  actions,
  display,
  phoneColumns,
  onDisplayChange,
  onPhoneColumnsChange,
}: {
  board: Board;
  language: SpeechLanguage;
  actions: EditActions;
  display: SymbolDisplay;
  phoneColumns: PhoneColumns | null;
  onDisplayChange: (display: SymbolDisplay) => void;
  onPhoneColumnsChange: (phoneColumns: PhoneColumns | null) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack spacing={3}>
      <BoardLookSettings
        display={display}
        phoneColumns={phoneColumns}
        onDisplayChange={onDisplayChange}
        onPhoneColumnsChange={onPhoneColumnsChange}
      />
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={actions.onAdd}>
          {t`Add a phrase`}
        </Button>
        <Button variant="outlined" startIcon={<RestoreIcon />} onClick={actions.onRestore}>
          {t`Restore starter phrases`}
        </Button>
      </Stack>
      <PhraseGroups
        board={board}
        language={language}
        withFavourites={false}
        phoneColumns={phoneColumns}
        renderPhrase={(phrase) => (
          <EditablePhrase board={board} phrase={phrase} actions={actions} />
        )}
      />
    </Stack>
  );
}

function EditablePhrase({
  board,
  phrase,
  actions,
}: {
  board: Board;
  phrase: Phrase;
  actions: EditActions;
}) {
  const { t } = useLingui();
  const text = phrase.text;
  const iconButton = { width: 48, height: 48 } as const;
  return (
    <Paper
      variant="outlined"
      sx={{ flex: 1, minWidth: 0, p: 1.5, display: "flex", flexDirection: "column", gap: 1 }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: "center" }}>
        {phrase.symbol ? <PhraseSymbolImage symbol={phrase.symbol} size="48px" /> : null}
        <Typography sx={{ fontSize: "1.1rem", fontWeight: 600, overflowWrap: "anywhere" }}>
          {text}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: "auto" }}>
        <IconButton
          sx={iconButton}
          aria-pressed={phrase.favourite}
          aria-label={t`Favourite: ${text}`}
          onClick={() => actions.onToggleFavourite(phrase)}
        >
          {phrase.favourite ? <StarIcon /> : <StarBorderIcon />}
        </IconButton>
        <IconButton
          {...phraseControl(phrase.id, "edit")}
          sx={iconButton}
          aria-label={t`Edit: ${text}`}
          onClick={() => actions.onEdit(phrase)}
        >
          <EditIcon />
        </IconButton>
        <IconButton
          {...phraseControl(phrase.id, "up")}
          sx={iconButton}
          aria-label={t`Move up: ${text}`}
          disabled={!canMove(board, phrase.id, -1)}
          onClick={() => actions.onMove(phrase, -1)}
        >
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton
          {...phraseControl(phrase.id, "down")}
          sx={iconButton}
          aria-label={t`Move down: ${text}`}
          disabled={!canMove(board, phrase.id, 1)}
          onClick={() => actions.onMove(phrase, 1)}
        >
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton
          {...phraseControl(phrase.id, "delete")}
          sx={iconButton}
          aria-label={t`Delete: ${text}`}
          onClick={() => actions.onDelete(phrase)}
        >
          <DeleteOutlinedIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}
