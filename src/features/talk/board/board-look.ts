/**
 * How the phrase board looks, kept with Talk's settings on this device: what the buttons show
 * (pictures, words or both; chosen for each speech language's board, since a board for a person
 * who cannot read is not the board of the person who helps them) and how many buttons a row
 * has, so a shaky hand can have fewer, bigger ones.
 */
import { isSpeechLanguage, type SpeechLanguage } from "@/shared/speech-options";

export const symbolDisplays = ["both", "pictures", "words"] as const;
export type SymbolDisplay = (typeof symbolDisplays)[number];

/** Buttons in a row on a phone; wider screens add to it (`boardColumns`). */
export const phoneColumnChoices = [2, 3, 4, 5, 6] as const;
export type PhoneColumns = (typeof phoneColumnChoices)[number];

export type BoardLook = {
  symbols: Partial<Record<SpeechLanguage, SymbolDisplay>>;
  /** null: the board chooses by the screen's width. */
  phoneColumns: PhoneColumns | null;
};

export const defaultBoardLook: BoardLook = { symbols: {}, phoneColumns: null };

export function symbolDisplayOf(look: BoardLook, language: SpeechLanguage): SymbolDisplay {
  return look.symbols[language] ?? "both";
}

export function withSymbolDisplay(
  look: BoardLook,
  language: SpeechLanguage,
  display: SymbolDisplay,
): BoardLook {
  return { ...look, symbols: { ...look.symbols, [language]: display } };
}

/**
 * Buttons in a row on a phone (under 600 px), a tablet (600 px up) and a wide screen (1200 px
 * up). Without a choice: 2, 3 and 4, as the board always had, or fewer with large text, so that
 * each word fits a tile (phrase-board.tsx). A choice holds on a tablet too (a clinic tablet is
 * where big buttons are asked for most), and a wide screen gets one more, its buttons being wide
 * already.
 */
export function boardColumns(phoneColumns: PhoneColumns | null): {
  xs: number;
  sm: number;
  lg: number;
} {
  if (phoneColumns === null) return { xs: 2, sm: 3, lg: 4 };
  return { xs: phoneColumns, sm: phoneColumns, lg: phoneColumns + 1 };
}

export function isPhoneColumns(value: unknown): value is PhoneColumns {
  return (phoneColumnChoices as readonly unknown[]).includes(value);
}

const isSymbolDisplay = (value: unknown): value is SymbolDisplay =>
  (symbolDisplays as readonly unknown[]).includes(value);

/** A stored look as the board can use it; anything unusable falls back to the default. */
export function parseBoardLook(value: unknown): BoardLook {
  if (typeof value !== "object" || value === null) return defaultBoardLook;
  const stored = value as Record<string, unknown>;
  const symbols: BoardLook["symbols"] = {};
  if (typeof stored.symbols === "object" && stored.symbols !== null) {
    for (const [language, display] of Object.entries(stored.symbols)) {
      if (isSpeechLanguage(language) && isSymbolDisplay(display)) symbols[language] = display;
    }
  }
  return {
    symbols,
    phoneColumns: isPhoneColumns(stored.phoneColumns) ? stored.phoneColumns : null,
  };
}
