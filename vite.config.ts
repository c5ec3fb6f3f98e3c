import { defineConfig, type Plugin, type Rollup } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { VitePWA } from "vite-plugin-pwa";
import { fileURLToPath } from "node:url";
import { buildPageScripts } from "./scripts/build/page-scripts.ts";
import { appLoaderMarkup } from "./src/page-scripts/page-contract.ts";
import { pageScriptsFile, type PageScripts } from "./src/shared/page-scripts.ts";
import { openMojiSymbols, starterSymbolPrecache } from "./scripts/build/openmoji-symbols.ts";

/**
 * The page is prerendered and paints without any script: the app's code must not compete with
 * that first paint. The module script and preloads Vite writes into the page are replaced by a
 * small inline loader that asks for them after the first paint, when the page is idle or first
 * touched (src/page-scripts/app-loader.ts, issue 22). The page's two inline scripts are built on
 * their own and written beside the app for the prerender and the server (page-scripts.ts).
 */
/**
 * What src/main.tsx evaluates as the app starts: the modules the entry imports, and those it
 * imports in steps with `import()`, with everything they import in turn (not the routes' code,
 * which the router loads).
 */
function startUpModules(bundle: Rollup.OutputBundle | undefined, entryUrl: string): string[] {
  if (!bundle) return [];
  const chunks = new Map(
    Object.values(bundle).flatMap((output) =>
      output.type === "chunk" ? [[output.fileName, output] as const] : [],
    ),
  );
  const entry = chunks.get(entryUrl.replace(/^\//, ""));
  if (!entry) throw new Error(`The entry ${entryUrl} is not in the bundle`);
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName)) return;
    found.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const fileName of [...entry.imports, ...entry.dynamicImports]) visit(fileName);
  found.delete(entry.fileName);
  return [...found].map((fileName) => `/${fileName}`);
}

let pageScripts: PageScripts | undefined;
const scriptsAfterPaint: Plugin = {
  name: "dauys:scripts-after-paint",
  apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
  enforce: "post",
  async buildStart() {
    pageScripts = await buildPageScripts();
  },
  generateBundle() {
    this.emitFile({
      type: "asset",
      fileName: pageScriptsFile,
      source: JSON.stringify(pageScripts),
    });
  },
  transformIndexHtml: {
    order: "post",
    handler(html, { bundle }) {
      const entries = [
        ...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g),
      ];
      const preloads = [
        ...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g),
      ];
      if (entries.length !== 1)
        throw new Error(`Expected one module script, found ${entries.length}`);
      const scripts = { entry: entries[0]![1]!, preload: startUpModules(bundle, entries[0]![1]!) };
      let page = html;
      for (const [tag] of [...entries, ...preloads]) page = page.replace(tag, "");
      if (!pageScripts) throw new Error("The page scripts were not built");
      const loader = appLoaderMarkup(scripts, pageScripts.appLoader);
      return page.replace("</body>", () => `${loader}</body>`);
    },
  },
};

/**
 * The app's theme uses no CSS variables and no colour schemes (src/theme/theme.ts), yet MUI's
 * `createTheme` and `ThemeProvider` carry the code for both, and every component reaches
 * `createTheme` through MUI's default theme: about 8 kB gzip on every page (issue 22). Inside MUI's
 * styles the two are resolved to the versions without variables, which is exactly what they run
 * for a theme made without `cssVariables` or `colorSchemes`.
 */
const muiWithoutCssVariables: Plugin = {
  name: "dauys:mui-without-css-variables",
  enforce: "pre",
  apply: "build",
  resolveId(source, importer) {
    if (!importer || !/[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer)) return null;
    const withoutVariables: Record<string, string> = {
      "./createTheme.mjs": "./createThemeNoVars.mjs",
      "./ThemeProvider.mjs": "./ThemeProviderNoVars.mjs",
    };
    const target = withoutVariables[source];
    return target ? this.resolve(target, importer, { skipSelf: true }) : null;
  },
};

/**
 * Lingui has no production build, so the help texts of its development warnings ship on every
 * page. The longest, for a catalog that was not compiled (ours always are, by the build), is cut
 * to its first line; the check and the warning stay.
 */
const linguiShortWarnings: Plugin = {
  name: "dauys:lingui-short-warnings",
  apply: "build",
  transform: {
    filter: { id: /[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/ },
    handler(code) {
      const long =
        /console\.warn\(`Uncompiled message detected! Message:\s*>\s*(\$\{\w+\})[^`]*`\)/;
      if (!long.test(code)) this.error("Lingui's uncompiled-message warning has changed its form");
      return code.replace(long, "console.warn(`Uncompiled message detected! Message: $1`)");
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // The footer's copyright year is the year the app was built (src/lib/brand.ts).
  define: { __BUILD_YEAR__: JSON.stringify(String(new Date().getUTCFullYear())) },
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/routeTree.gen.ts",
    }),
    react(),
    muiWithoutCssVariables,
    linguiShortWarnings,
    scriptsAfterPaint,
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui({ failOnMissing: true }),
    openMojiSymbols(),
    VitePWA({
      // The build-time page renderer (scripts/build/prerender.ts) needs no service worker of its own.
      disable: Boolean(isSsrBuild),
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "service-worker.ts",
      registerType: "prompt",
      // The page registers the worker itself (src/lib/pwa.ts), after the first render.
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        id: "/",
        name: "Dauys: speech assistant",
        short_name: "Dauys",
        description:
          "Clear text and adaptive audio from unclear speech, and speech recovery lessons, in six languages.",
        lang: "en",
        start_url: "/",
        scope: "/",
        display: "standalone",
        display_override: ["standalone", "minimal-ui"],
        orientation: "any",
        theme_color: "#0a58a8",
        background_color: "#f6f8fb",
        categories: ["health", "medical", "accessibility"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          {
            src: "/icons/maskable-512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
        ],
        shortcuts: [
          {
            name: "Speech Recognition",
            short_name: "Recognition",
            url: "/recognition",
            icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
          },
          {
            name: "Talk",
            short_name: "Talk",
            url: "/talk",
            icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
          },
          {
            name: "Speech Recovery",
            short_name: "Recovery",
            url: "/recovery",
            icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }],
          },
        ],
      },
      injectManifest: {
        // The app shell, every route chunk and the six catalogs; the voice pack is cached at
        // run time instead (see src/sw/service-worker.ts).
        globPatterns: ["**/*.{js,css,html,svg,png,ico,txt}"],
        // The on-device speech engine (its worker and voice packs) is cached when first used;
        // its code stays in the list, which the worker leaves out of the precache and uses to
        // bring an update's engine to a device that kept the old one (src/sw/service-worker.ts).
        // The prerendered pages are for visits the worker does not answer.
        globIgnores: [
          "voice-pack/**",
          // OpenMoji's symbols and the symbol picker's search indexes are cached when first shown
          // (src/sw/service-worker.ts): only the starter boards' symbols are installed up front.
          "symbols/**",
          "assets/symbol-index-*",
          "prerendered/**",
          // The staff inbox needs the server anyway; patients' devices never need it.
          "assets/staff-inbox*",
        ],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        additionalManifestEntries: starterSymbolPrecache(),
      },
    }),
  ],
  build: {
    target: "es2022",
    sourcemap: false,
    // The benchmark reads the chunk graph to measure each route's initial JavaScript.
    manifest: true,
    rolldownOptions: {
      // Two CommonJS packages that only define functions: without this, the bundle keeps them
      // for their (non-existent) side effects although nothing calls them. Emotion's `withTheme`
      // brings hoist-non-react-statics, with a React 16 copy of react-is (0.8 kB gzip off every
      // page). Whatever is used of them stays.
      treeshake: {
        moduleSideEffects: (id: string) =>
          /node_modules\/(hoist-non-react-statics|react-is)\//.test(id) ? false : undefined,
      },
      output: {
        // What every page starts with comes in three chunks, one per start-up step (src/main.tsx):
        // React, MUI's styling with the components every page shows, and the router with Lingui.
        // Left to itself the bundler cuts them into some thirty small chunks, each compressed
        // alone: 1.5 to 4.5 kB gzip more per page, and more requests on a slow network (issue 22).
        // A group takes every module it matches, wherever it is used: MUI's utilities are left
        // out, so those only a menu or a dialog needs (roving focus, scrollbar size) stay with it.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 30,
            },
            {
              name: "mui",
              test: /node_modules[\\/](@mui[\\/](system|styled-engine|private-theming)|@mui[\\/]material[\\/](styles|utils|Typography|Paper|Box|SvgIcon|Stack|Card|CardContent|CssBaseline|DefaultPropsProvider|zero-styled|transitions)|@emotion|stylis|clsx|react-is|hoist-non-react-statics|@babel[\\/]runtime)[\\/]/,
              priority: 20,
            },
            {
              // The form controls Recognition starts with, which Talk's later panels use too: left
              // to itself the bundler cuts them into three chunks of their own (0.5 kB more).
              name: "controls",
              test: /src[\\/]components[\\/](choice-input|choice-radio-group|progress-bar)\.tsx$/,
              // Only these: what they import (buttons, tokens) stays where every page has it.
              includeDependenciesRecursively: false,
              priority: 5,
            },
            {
              // The theme and the small style helpers nearly every page imports (tokens, the
              // visually-hidden and drawn-when-near styles): one chunk instead of four small ones.
              name: "theme",
              test: /src[\\/]theme[\\/](theme|tokens|visually-hidden|drawn-when-near)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 5,
            },
            {
              // What every page starts with besides the libraries: storage, the language and its
              // catalogs, kiosk mode (its store and setting), pilot access, the sent-requests news
              // with the outbox's store it reads, the brand, page titles, the names the API and
              // cookies share, and the hook that gives an element a behaviour whose code comes
              // after the page (Talk's said area and board, the lessons' grid). One chunk instead of several small ones, each of which costs its own
              // imports and exports (the last four came to 0.6 kB gzip more on every page as chunks
              // of their own). The outbox's delivery and its API client come after the start
              // (start-outbox-delivery.ts).
              name: "app",
              test: /src[\\/](lib[\\/](storage|i18n|pilot-access|page-cookies|kiosk-flag|brand|page-title|use-later-behaviour)|shared[\\/](languages|catalog-parts|page-cookie|start-language|api-contract|app-manifest)|features[\\/]kiosk[\\/]kiosk-(store|setting)|features[\\/]contact[\\/](sent-notice|outbox-store))\.ts$/,
              includeDependenciesRecursively: false,
              priority: 5,
            },
            {
              // The stored draft's hook with what it saves by, and the hook that writes it when the
              // page is left, which Recovery's lesson places use too: one chunk, not two small ones
              // more on every page with a draft (0.2 kB gzip).
              name: "stored-draft",
              test: /src[\\/]lib[\\/](use-stored-draft|use-flush-when-left|debounced-save)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 5,
            },
            {
              // Numbers and lists written where the browser lacks a language's data, with the
              // per-language cache lists keep them in: only Talk's later panels use them. One
              // chunk, not two: each chunk's name is in /talk's first JavaScript, in the lists of
              // what each lazy panel imports (about 10 gzip bytes less together than apart).
              name: "formats",
              test: /src[\\/]lib[\\/](numbers|lists|per-locale)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 5,
            },
            {
              name: "talk-board",
              test: /src[\\/](features[\\/]talk[\\/]board[\\/](board|board-look|category-labels|phrase-pictures|starter-phrases)|shared[\\/]openmoji)\.ts$/,
              includeDependenciesRecursively: false,
              priority: 5,
            },
            {
              name: "router",
              test: /node_modules[\\/](@tanstack|@lingui|use-sync-external-store)[\\/]/,
              priority: 10,
            },
          ],
        },
        // A catalog is named by its language and part (`catalog-kk-talk-<hash>.js`), never like
        // the route of the same name (`talk-<hash>.js`).
        chunkFileNames: (chunk) => {
          const catalog = /locales\/(\w+)\/([\w-]+)\.po$/.exec(chunk.facadeModuleId ?? "");
          if (catalog) return `assets/catalog-${catalog[1]}-${catalog[2]}-[hash].js`;
          const symbolIndex = /openmoji-index\/(\w+)$/.exec(chunk.facadeModuleId ?? "");
          if (symbolIndex) return `assets/symbol-index-${symbolIndex[1]}-[hash].js`;
          return "assets/[name]-[hash].js";
        },
      },
    },
  },
  // The speech engine's worker imports ES modules and is code-split like the app.
  worker: { format: "es" },
}));
