import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

export const locales = ["en", "ru", "az", "kk", "ky", "uz"] as const;

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
