import type { ReactNode } from "react";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { theme } from "@/theme/theme";

/**
 * What every screen renders inside: the active catalog, the one MUI theme and its baseline.
 * The browser (main.tsx) and the build-time page renderer (prerender.tsx) both use it, so the
 * markup they produce is the same.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </I18nProvider>
  );
}
