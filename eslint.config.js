import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";
import { readdirSync } from "node:fs";

// Layers, as in bulletproof-react: shared code (components, lib, theme) → features → app (routes,
// main, the service worker). A feature never imports another feature, and shared code imports
// none; the routes compose them.
const features = readdirSync("src/features");
const featureBoundary = (allowed) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        {
          group: [
            "@/features/*",
            ...(allowed ? [`!@/features/${allowed}`, `!@/features/${allowed}/**`] : []),
          ],
          message: allowed
            ? "A feature does not import another feature: compose them in a route."
            : "Shared code does not import features.",
        },
      ],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      "dist",
      "node_modules",
      "src/routeTree.gen.ts",
      "test-results",
      "playwright-report",
      "bench/results.json",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: featureBoundary(feature),
  })),
  {
    files: [
      "src/components/**/*.{ts,tsx}",
      "src/lib/**/*.{ts,tsx}",
      "src/shared/**/*.{ts,tsx}",
      "src/theme/**/*.{ts,tsx}",
    ],
    rules: featureBoundary(null),
  },
  {
    files: ["server/**/*.ts", "scripts/**/*.ts", "tests/**/*.ts", "*.config.{ts,js}"],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
);
