import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

import { languageCodes } from "./src/shared/languages.ts";

export const locales = languageCodes;

export default defineConfig({
  sourceLocale: "en",
  locales: [...locales],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: ["**/*.test.*", "**/routeTree.gen.ts"],
    },
  ],
  // Origins without line numbers keep the catalogs stable when code moves, so the
  // staleness check in `npm test` only fails when a message really changed.
  format: formatter({ lineNumbers: false }),
});
