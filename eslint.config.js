import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";
import globals from "globals";
import { readdirSync } from "node:fs";

// Layers, as in bulletproof-react: shared code (components, lib, shared, theme) → features → app
// (routes, router, main, the service worker). A feature never imports another feature, and shared
// code imports none, nor the app; the routes compose them. The server and the scripts may use
// src/shared (contracts both sides keep: the speech engine, speech options, request limits) and
// src/lib, never a UI feature.
const features = readdirSync("src/features");
const appLayer = {
  group: ["@/routes/*", "@/routeTree.gen", "@/router", "@/main", "@/prerender"],
  message: "Shared code does not import the app layer.",
};
const featureBoundary = (allowed) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        ...(allowed ? [] : [appLayer]),
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
      "src/page-scripts/**/*.ts",
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
    files: ["server/**/*.ts", "scripts/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/src/features/**", "**/src/routes/**", "@/*"],
              message: "The server and scripts import src/shared or src/lib, never a UI feature.",
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
);
