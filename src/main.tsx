import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider, createRouter } from "@tanstack/react-router";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { startOutboxDelivery } from "@/features/contact/start-outbox-delivery";
import { restoreKioskMode } from "@/features/kiosk/kiosk-store";
import { activateLanguage, readSavedLanguage } from "@/lib/i18n";
import { theme } from "@/theme/theme";
import { routeTree } from "@/routeTree.gen";

const router = createRouter({ routeTree, scrollRestoration: true });

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

async function start() {
  // The saved language is restored before the first render, so nobody sees a flash of English;
  // so is kiosk mode, so a clinic tablet never paints a link that leaves the app.
  // The current route's code is fetched at the same time, not after the first render.
  await Promise.all([
    readSavedLanguage().then(activateLanguage),
    restoreKioskMode(),
    router.load(),
  ]);
  const container = document.getElementById("root");
  if (!container) throw new Error("The #root element is missing from index.html");
  // A transition lets React render the first screen in small slices, so a slow phone stays
  // responsive to the first tap instead of freezing while the whole page renders at once.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <RouterProvider router={router} />
          </ThemeProvider>
        </I18nProvider>
      </StrictMode>,
    );
  });
  // Ask the browser not to evict drafts, audio and queued requests under storage pressure.
  void navigator.storage?.persist?.().catch(() => undefined);
  // Contact requests left in the outbox by an earlier visit are sent now and whenever the
  // connection returns.
  startOutboxDelivery();
}

void start();
