import { memo, useMemo, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEventCallback } from "@mui/material/utils";
import StarIcon from "@mui/icons-material/Star";
import { boardCategories, type Board, type Phrase } from "@/features/talk/board/board";
import { categoryLabels } from "@/features/talk/board/category-labels";
import { Button } from "@/components/button";
import {
  boardColumns,
  type PhoneColumns,
  type SymbolDisplay,
} from "@/features/talk/board/board-look";
import { PhraseSymbolImage } from "@/features/talk/board/phrase-symbol-image";
import { useLaterBehaviour } from "@/lib/use-later-behaviour";
import type { SpeechLanguage } from "@/shared/speech-options";

/** Marks a phrase's control, so the focus can be given back to it after an edit (board-section.tsx). */
type PhraseControl = "say" | "edit" | "up" | "down" | "delete";
export const phraseControl = (id: string, control: PhraseControl) => ({
  "data-phrase-control": `${id}:${control}`,
});
/** Finds the control `phraseControl` marked. */
export const phraseControlSelector = (id: string, control: PhraseControl) =>
  `[data-phrase-control="${CSS.escape(`${id}:${control}`)}"]`;

// A group's tiles; each item's style is written here once, not once per phrase.
function phraseListStyle(phoneColumns: PhoneColumns | null) {
  return {
    display: "grid",
    gap: 1.5,
    // Fewer columns with large text (.columns-up-to, index.html), unless the user chose how many.
    // The tiles' words are larger from `sm`.
    "--columns": boardColumns(phoneColumns),
    "--narrowest": phoneColumns ? "0px" : { xs: "7.4rem", sm: "8.5rem" },
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

/** A group of the board: its heading and its phrases. */
type PhraseGroup = { id: string; title: string; phrases: Board };

/**
 * The phrases in groups: each category, in the board's order, with the favourites first when
 * they are asked for (not while editing, where each phrase shows once, in its category).
 */
export function PhraseGroups({
  board,
  language,
  withFavourites,
  phoneColumns,
  renderPhrase,
}: {
  board: Board;
  /** The language the phrases are in (the headings are in the interface's). */
  language: SpeechLanguage;
  withFavourites: boolean;
  phoneColumns: PhoneColumns | null;
  renderPhrase: (phrase: Phrase) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const favourites = withFavourites ? board.filter((phrase) => phrase.favourite) : [];
  const groups: PhraseGroup[] = [
    ...(favourites.length > 0
      ? [{ id: "favourites", title: t`Favourites`, phrases: favourites }]
      : []),
    ...boardCategories.map((category) => ({
      id: category,
      title: i18n._(categoryLabels[category]),
      phrases: board.filter((phrase) => phrase.category === category),
    })),
  ].filter((group) => group.phrases.length > 0);
  const listStyle = useMemo(() => phraseListStyle(phoneColumns), [phoneColumns]);

  return groups.map((group) => (
    <Box key={group.id} component="section" aria-label={group.title}>
      <Typography variant="h3" component="h3" sx={{ fontSize: "min(1.25rem, var(--h3))", mb: 1.5 }}>
        {group.title}
      </Typography>
      <Box component="ul" lang={language} className="columns-up-to" sx={listStyle}>
        {group.phrases.map((phrase) => (
          <li key={phrase.id}>{renderPhrase(phrase)}</li>
        ))}
      </Box>
    </Box>
  ));
}

/**
 * The board as it is used: the phrases in groups (favourites first, then each category), where
 * a tap on a phrase says it. Editing shows each phrase with its own buttons instead
 * (board-editing.tsx), so nothing depends on dragging or a long press, which a shaky hand cannot
 * do reliably.
 */
export function PhraseBoard({
  board,
  language,
  onSay,
  display,
  phoneColumns,
}: {
  board: Board;
  language: SpeechLanguage;
  onSay: (phrase: Phrase) => void;
  /** What the buttons show: pictures, words, or both. */
  display: SymbolDisplay;
  phoneColumns: PhoneColumns | null;
}) {
  // The same function on every render, so unchanged phrases are not drawn again.
  const say = useEventCallback(onSay);
  // Words too wide for their tile are made a little smaller rather than broken.
  const boardRef = useLaterBehaviour<HTMLDivElement>(() =>
    import("@/lib/fit-long-words").then(({ fitLongWords }) => fitLongWords),
  );
  return (
    <Stack ref={boardRef} spacing={3}>
      <PhraseGroups
        board={board}
        language={language}
        withFavourites
        phoneColumns={phoneColumns}
        renderPhrase={(phrase) => <SayPhraseButton phrase={phrase} display={display} onSay={say} />}
      />
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
        data-fit-words
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
      data-fit-words
      variant="outlined"
      onClick={() => onSay(phrase)}
      sx={pictureButtonStyle}
    >
      <PhraseSymbolImage
        symbol={symbol}
        size={picturesOnly ? "min(85%, 144px)" : "min(70%, 96px)"}
        words={phrase.text}
        wordsHidden={picturesOnly}
      />
      {phrase.favourite ? <StarIcon aria-hidden sx={favouriteCornerStyle} /> : null}
    </Button>
  );
});
