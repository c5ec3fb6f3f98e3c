import type { ReactNode } from "react";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "@/theme/theme";

/**
 * Whether the page came prerendered with the baseline's styles (scripts/build/prerender.ts). The
 * theme is the same one, so the app does not render the baseline again: Emotion would move that
 * `<style>` element to adopt it, and the browser then styles the whole page again in one long task
 * (issue 22). The baseline renders nothing into the page, so hydration is not affected.
 */
const baselinePrerendered =
  typeof document !== "undefined" &&
  document.querySelector("style[data-prerendered-baseline]") !== null;

/**
 * What every screen renders inside: the active catalog, the one MUI theme and its baseline.
 * The browser (main.tsx) and the build-time page renderer (prerender.tsx) both use it, so the
 * markup they produce is the same.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        {!baselinePrerendered && <CssBaseline />}
        {children}
      </ThemeProvider>
    </I18nProvider>
  );
}
