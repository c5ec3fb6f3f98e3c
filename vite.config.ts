import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui, linguiTransformerBabelPreset } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { VitePWA } from "vite-plugin-pwa";
import { fileURLToPath } from "node:url";

/**
 * The page is prerendered and paints without any script; the app's code must not compete with
 * that first paint for a slow connection: the entry and its preloads are fetched at low
 * priority (issue 22).
 */
const scriptsAfterPaint: Plugin = {
  name: "dauys:scripts-after-paint",
  enforce: "post",
  transformIndexHtml: {
    order: "post",
    handler: (html) =>
      html
        .replace(
          /<script type="module" crossorigin /g,
          '<script type="module" crossorigin fetchpriority="low" ',
        )
        .replace(
          /<link rel="modulepreload" crossorigin /g,
          '<link rel="modulepreload" crossorigin fetchpriority="low" ',
        ),
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
    scriptsAfterPaint,
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui({ failOnMissing: true }),
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
        // the prerendered pages are for visits the worker does not answer.
        globIgnores: [
          "voice-pack/**",
          "assets/device-engine*",
          "prerendered/**",
          // The staff inbox needs the server anyway; patients' devices never need it.
          "assets/staff-inbox*",
        ],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
  ],
  build: {
    target: "es2022",
    sourcemap: false,
    // The benchmark reads the chunk graph to measure each route's initial JavaScript.
    manifest: true,
  },
  // The speech engine's worker imports ES modules and is code-split like the app.
  worker: { format: "es" },
}));
