/**
 * The words of an Open Board set in the board's own language, which need not be the
 * interface's: a Kazakh board saved from a Russian interface is read in Kazakh in the other
 * app, its category names, "More" buttons and the names of a long category's further pages
 * included. Read back, a linked board's name in any of the six languages, a further page's too,
 * stands for its Dauys category, whatever the interface language is now.
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

/** The name of a long category's grid after its first: "Needs, page 2". */
const pageName = (category: string, page: string) =>
  msg({
    message: `${category}, page ${page}`,
    comment:
      "The name of the second, third… grid of a long group of phrases, in a board for another AAC app; category is the group's name, page its number",
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

/** The set's words in `language`: each category's name, the "More" button's, a page's name. */
export async function setWordsIn(language: SpeechLanguage) {
  const say = await wordsIn(language);
  return {
    categoryLabel: (category: BoardCategory) => say(categoryLabels[category]),
    moreLabel: say(moreButton),
    pageLabel: (category: string, page: number) => say(pageName(category, String(page))),
  };
}

/** A pattern that finds the category's name in a page's name, as `say` words it. */
function pageNamePattern(say: (message: MessageDescriptor) => string): RegExp {
  const [category, page] = ["\u0001", "\u0002"];
  const escaped = say(pageName(category, page)).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(category, "(.+)").replace(page, "\\d+")}$`, "u");
}

/**
 * The Dauys category a linked board's name stands for: a category's name in any of the six
 * languages, or its code, or the name of one of its further pages ("Needs, page 2", for a set
 * whose pages another app linked from its first board). Undefined for any other name.
 */
export async function categoryByName(): Promise<(name: string) => BoardCategory | undefined> {
  const sayings = await Promise.all(speechLanguages.map(wordsIn));
  const byName = new Map<string, BoardCategory>();
  for (const category of boardCategories) {
    byName.set(category, category);
    for (const say of sayings)
      byName.set(say(categoryLabels[category]).toLocaleLowerCase(), category);
  }
  const pages = sayings.map(pageNamePattern);
  const named = (name: string) => byName.get(name.trim().toLocaleLowerCase());
  return (name) => {
    for (const pattern of pages) {
      const category = pattern.exec(name.trim())?.[1];
      if (category && named(category)) return named(category);
    }
    return named(name);
  };
}
