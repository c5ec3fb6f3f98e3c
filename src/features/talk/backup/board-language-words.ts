/**
 * The words of an Open Board set in the board's own language, which need not be the
 * interface's: a Kazakh board saved from a Russian interface is read in Kazakh in the other
 * app, its category names and "More" buttons included. Read back, a linked board's name in any
 * of the six languages stands for its Dauys category, whatever the interface language is now.
 */
import { setupI18n, type MessageDescriptor, type Messages } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { speechLanguages, type SpeechLanguage } from "@/shared/speech-options";
import { boardCategories, type BoardCategory } from "@/features/talk/board/board";
import { categoryLabels } from "@/features/talk/board/category-labels";

/** The button at the end of a grid that leads on to the rest of its category. */
const moreButton = msg({
  message: "More",
  comment: "A button at the end of a long group of phrases, in a board for another AAC app",
});

// The category names are in Talk's catalog, "More" in its panels' (this file's).
const catalogs = import.meta.glob<{ messages: Messages }>([
  "/locales/*/talk.po",
  "/locales/*/talk-panels.po",
]);

async function wordsIn(language: SpeechLanguage) {
  const parts = await Promise.all(
    ["talk", "talk-panels"].map((part) => catalogs[`/locales/${language}/${part}.po`]!()),
  );
  const messages = Object.assign({}, ...parts.map((part) => part.messages)) as Messages;
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  return (message: MessageDescriptor) => i18n._(message);
}

/** The set's words in `language`: each category's name and the "More" button's. */
export async function setWordsIn(language: SpeechLanguage) {
  const say = await wordsIn(language);
  return {
    categoryLabel: (category: BoardCategory) => say(categoryLabels[category]),
    moreLabel: say(moreButton),
  };
}

/**
 * The Dauys category a linked board's name stands for: a category's name in any of the six
 * languages, or its code. Undefined for any other name.
 */
export async function categoryByName(): Promise<(name: string) => BoardCategory | undefined> {
  const sayings = await Promise.all(speechLanguages.map(wordsIn));
  const byName = new Map<string, BoardCategory>();
  for (const category of boardCategories) {
    byName.set(category, category);
    for (const say of sayings)
      byName.set(say(categoryLabels[category]).toLocaleLowerCase(), category);
  }
  return (name) => byName.get(name.toLocaleLowerCase());
}
