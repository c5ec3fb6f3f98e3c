/**
 * Starts the app (src/main.tsx loads this module once the libraries it needs have been
 * evaluated): restores the language and kiosk mode, builds the router, and renders or hydrates
 * the page.
 */
import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider, type AnyRoute } from "@tanstack/react-router";
import { i18n } from "@lingui/core";
import { CacheProvider } from "@emotion/react";
import { AppProviders } from "@/components/app-providers";
import { HydrationGate } from "@/components/hydration-part";
import { startOutboxDelivery } from "@/features/contact/start-outbox-delivery";
import { getKioskSnapshot, restoreKioskMode } from "@/features/kiosk/kiosk-store";
import {
  activateLanguage,
  chooseLanguage,
  readStartLanguage,
  takeLanguageFromAddress,
} from "@/lib/i18n";
import { languageHiddenClass, languagePendingClass } from "@/page-scripts/page-contract";
import { createAppRouter } from "@/router";
import { yieldToBrowser } from "@/lib/yield-to-browser";
import { createAppEmotionCache } from "@/theme/emotion-cache";

/**
 * Marks prerendered markup live (it arrives marked as starting, under a loading bar, with the
 * controls that need the app inert, see scripts/build/prerender.ts) once React has taken all of
 * it over.
 */
function MarkLive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    // The page was held hidden if it might have been in another language than the saved one
    // (src/page-scripts/language-check.ts); it now is in the right one.
    document.documentElement.classList.remove(languagePendingClass, languageHiddenClass);
  }, []);
  const live = () => {
    container.removeAttribute("data-app-starting");
    for (const control of container.querySelectorAll("[data-until-live]")) {
      control.removeAttribute("inert");
      control.removeAttribute("data-until-live");
    }
  };
  return <HydrationGate onLive={live}>{children}</HydrationGate>;
}

export async function startApp() {
  // The saved language is restored before the first render, so nobody sees a flash of English;
  // so is kiosk mode, so a clinic tablet never paints a link that leaves the app.
  // The current route's code is fetched at the same time, not after the first render.
  // A `?lang=` link opens the page in its language and saves it as the choice.
  const saved = Promise.all([
    readStartLanguage(takeLanguageFromAddress()).then(({ code, from }) =>
      from === "link" ? chooseLanguage(code) : activateLanguage(code),
    ),
    restoreKioskMode(),
  ]);
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  // The page's route code is evaluated a route a task, before the router loads the page.
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route: AnyRoute | undefined =
      router.routesById[match.routeId as keyof typeof router.routesById];
    if (route) await router.loadRouteChunk(route);
    await yieldToBrowser();
  }
  // The router loads the page once the language is there (its code is loaded by now), so the
  // page's title is made in it; each step a task of its own.
  await saved;
  await yieldToBrowser();
  await router.load();
  await yieldToBrowser();
  const container = document.getElementById("root");
  if (!container) throw new Error("The #root element is missing from index.html");
  const app = (
    <StrictMode>
      <MarkLive container={container}>
        <CacheProvider value={createAppEmotionCache()}>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </CacheProvider>
      </MarkLive>
    </StrictMode>
  );
  // A first visit may get the page already rendered by the server, in the language of the
  // `dauys-language` cookie (scripts/build/prerender.ts): React then takes over that markup instead of
  // drawing it again. Kiosk tablets and a language that differs from the page render afresh.
  // Either way the work happens in a transition, so React renders the first screen in small
  // slices and a slow phone never freezes while the whole page renders or hydrates at once.
  const prerendered = container.dataset.prerenderedLanguage;
  if (prerendered === i18n.locale && getKioskSnapshot().status !== "on") {
    // What the router's own server rendering would set: render the matched routes as the
    // server did, without the top-level Suspense boundary it adds for client-only rendering.
    router.ssr = { manifest: undefined };
    startTransition(() => void hydrateRoot(container, app));
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
  // Ask the browser not to evict drafts, audio and queued requests under storage pressure.
  void navigator.storage?.persist?.().catch(() => undefined);
  // Contact requests left in the outbox by an earlier visit are sent now and whenever the
  // connection returns.
  startOutboxDelivery();
}
