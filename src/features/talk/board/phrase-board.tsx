import { memo, useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { IconButton } from "@/components/icon-button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEventCallback } from "@mui/material/utils";
import AddIcon from "@mui/icons-material/Add";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/Edit";
import RestoreIcon from "@mui/icons-material/Restore";
import StarIcon from "@mui/icons-material/Star";
import StarBorderIcon from "@mui/icons-material/StarBorder";
import { boardCategories, canMove, type Board, type Phrase } from "@/features/talk/board/board";
import { categoryLabels } from "@/features/talk/board/category-labels";
import { Button } from "@/components/button";
import {
  boardColumns,
  type PhoneColumns,
  type SymbolDisplay,
} from "@/features/talk/board/board-look";
import { PhraseSymbolImage } from "@/features/talk/board/phrase-symbol-image";
import { visuallyHidden } from "@/theme/visually-hidden";

/** Marks a phrase's control, so the focus can be given back to it after an edit (board-section.tsx). */
export const phraseControl = (id: string, control: "say" | "edit" | "up" | "down" | "delete") => ({
  "data-phrase-control": `${id}:${control}`,
});

export type BoardActions = {
  onSay: (phrase: Phrase) => void;
  onAdd: () => void;
  onEdit: (phrase: Phrase) => void;
  onDelete: (phrase: Phrase) => void;
  onMove: (phrase: Phrase, direction: -1 | 1) => void;
  onToggleFavourite: (phrase: Phrase) => void;
  onRestore: () => void;
};

// A group's tiles; each item's style is written here once, not once per phrase.
function phraseListStyle(phoneColumns: PhoneColumns | null) {
  const columns = boardColumns(phoneColumns);
  const repeat = (count: number) => `repeat(${count}, minmax(0, 1fr))`;
  return {
    display: "grid",
    gap: 1.5,
    gridTemplateColumns: { xs: repeat(columns.xs), sm: repeat(columns.sm), lg: repeat(columns.lg) },
    listStyle: "none",
    p: 0,
    m: 0,
    "& > li": { display: "flex" },
  } as const;
}

const phraseButtonStyle = {
  flex: 1,
  minWidth: 0,
  minHeight: 88,
  px: { xs: 1.5, sm: 2 },
  py: 1.5,
  fontSize: { xs: "1rem", sm: "1.2rem" },
  lineHeight: 1.3,
  fontWeight: 600,
  textTransform: "none",
  justifyContent: "space-between",
  textAlign: "start",
  overflowWrap: "anywhere",
  hyphens: "auto",
  bgcolor: "background.paper",
} as const;

// With a picture: the picture above the words, both centred; the favourite star in a corner.
const pictureButtonStyle = {
  ...phraseButtonStyle,
  px: 1,
  flexDirection: "column",
  justifyContent: "center",
  gap: 1,
  textAlign: "center",
} as const;

const favouriteCornerStyle = { position: "absolute", top: 4, insetInlineEnd: 4 } as const;

/**
 * The phrases in groups (favourites first, then each category). A tap on a phrase says it; in
 * edit mode each phrase has its own buttons instead, so nothing depends on dragging or a long
 * press, which a shaky hand cannot do reliably.
 */
export function PhraseBoard({
  board,
  editing,
  actions,
  display,
  phoneColumns,
}: {
  board: Board;
  editing: boolean;
  actions: BoardActions;
  /** What the buttons show: pictures, words, or both. */
  display: SymbolDisplay;
  phoneColumns: PhoneColumns | null;
}) {
  const { t, i18n } = useLingui();
  // The same function on every render, so unchanged phrases are not drawn again.
  const onSay = useEventCallback(actions.onSay);
  const favourites = board.filter((phrase) => phrase.favourite);
  const groups = [
    ...(editing || favourites.length === 0
      ? []
      : [{ id: "favourites", title: t`Favourites`, phrases: favourites }]),
    ...boardCategories.map((category) => ({
      id: category,
      title: i18n._(categoryLabels[category]),
      phrases: board.filter((phrase) => phrase.category === category),
    })),
  ].filter((group) => group.phrases.length > 0);
  const listStyle = useMemo(() => phraseListStyle(phoneColumns), [phoneColumns]);

  return (
    <Stack spacing={3}>
      {editing ? (
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={actions.onAdd}>
            {t`Add a phrase`}
          </Button>
          <Button variant="outlined" startIcon={<RestoreIcon />} onClick={actions.onRestore}>
            {t`Restore starter phrases`}
          </Button>
        </Stack>
      ) : null}
      {groups.map((group) => (
        <Box key={group.id} component="section" aria-label={group.title}>
          <Typography variant="h3" component="h3" sx={{ fontSize: "1.25rem", mb: 1.5 }}>
            {group.title}
          </Typography>
          <Box component="ul" sx={listStyle}>
            {group.phrases.map((phrase) => (
              <li key={phrase.id}>
                {editing ? (
                  <EditablePhrase board={board} phrase={phrase} actions={actions} />
                ) : (
                  <SayPhraseButton phrase={phrase} display={display} onSay={onSay} />
                )}
              </li>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * A phrase on the board: a tap says it. Drawn again only when the phrase itself changes. Its
 * words name it even when only its picture shows, for screen readers and voice control.
 */
const SayPhraseButton = memo(function SayPhraseButton({
  phrase,
  display,
  onSay,
}: {
  phrase: Phrase;
  display: SymbolDisplay;
  onSay: (phrase: Phrase) => void;
}) {
  const symbol = display === "words" ? undefined : phrase.symbol;
  if (!symbol) {
    return (
      <Button
        {...phraseControl(phrase.id, "say")}
        variant="outlined"
        onClick={() => onSay(phrase)}
        endIcon={phrase.favourite ? <StarIcon aria-hidden /> : undefined}
        sx={phraseButtonStyle}
      >
        {phrase.text}
      </Button>
    );
  }
  const picturesOnly = display === "pictures";
  return (
    <Button
      {...phraseControl(phrase.id, "say")}
      variant="outlined"
      onClick={() => onSay(phrase)}
      sx={pictureButtonStyle}
    >
      <PhraseSymbolImage
        symbol={symbol}
        size={picturesOnly ? "min(85%, 144px)" : "min(70%, 96px)"}
      />
      <Box component="span" sx={picturesOnly ? visuallyHidden : undefined}>
        {phrase.text}
      </Box>
      {phrase.favourite ? <StarIcon aria-hidden sx={favouriteCornerStyle} /> : null}
    </Button>
  );
});

function EditablePhrase({
  board,
  phrase,
  actions,
}: {
  board: Board;
  phrase: Phrase;
  actions: BoardActions;
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
