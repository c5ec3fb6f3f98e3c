import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

import { catalogPartFiles, catalogParts } from "./src/shared/catalog-parts.ts";
import { languageCodes } from "./src/shared/languages.ts";

const notMessages = ["**/*.test.*", "**/routeTree.gen.ts"];

/** The files other parts list (src/shared/catalog-parts.ts) are theirs, not their folder's. */
const filesOfOtherParts = (part: string) =>
  Object.entries(catalogPartFiles)
    .filter(([other]) => other !== part)
    .flatMap(([, files]) => files.map((path) => `<rootDir>/src/features/${path}`));

export const locales = languageCodes;

export default defineConfig({
  sourceLocale: "en",
  locales: [...locales],
  fallbackLocales: { default: "en" },
  // The features that only one or two screens use have catalogs of their own, loaded with the
  // route that shows them (src/lib/i18n.ts, `useCatalogs`), so the first load of every other
  // page does not carry their messages (issue 22). Everything else is in `messages`.
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: [
        ...notMessages,
        ...catalogParts.flatMap((part) =>
          (catalogPartFiles[part] ?? [`${part}/**`]).map(
            (path) => `<rootDir>/src/features/${path}`,
          ),
        ),
      ],
    },
    ...catalogParts.map((part) => ({
      path: `<rootDir>/locales/{locale}/${part}`,
      include: (catalogPartFiles[part] ?? [part]).map((path) => `<rootDir>/src/features/${path}`),
      exclude: [...notMessages, ...filesOfOtherParts(part)],
    })),
  ],
  // Origins without line numbers keep the catalogs stable when code moves, so the
  // staleness check in `npm test` only fails when a message really changed.
  format: formatter({ lineNumbers: false }),
});
