import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
import { i18n } from "@lingui/core";
import { AppProviders } from "@/components/app-providers";
import { startOutboxDelivery } from "@/features/contact/start-outbox-delivery";
import { getKioskSnapshot, restoreKioskMode } from "@/features/kiosk/kiosk-store";
import {
  activateLanguage,
  chooseLanguage,
  readSavedLanguage,
  takeLanguageFromAddress,
} from "@/lib/i18n";
import { createAppRouter } from "@/router";
import { titleOf } from "@/lib/page-title";

/**
 * Makes prerendered markup usable (it arrives `inert` and `aria-disabled`, see
 * scripts/build/prerender.ts) once React has taken it over.
 */
function LiftInert({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    container.removeAttribute("inert");
    container.removeAttribute("aria-disabled");
    // The page was held hidden if it might have been in another language than the saved one
    // (server/language-check.ts); it now is in the right one.
    document.documentElement.classList.remove("language-pending");
  }, [container]);
  return children;
}

/**
 * Gives the browser a turn between start-up steps, so that evaluating the code, building the
 * router and loading the page's code are short tasks a slow phone can paint and take input
 * between, instead of one long one.
 */
function yieldToBrowser(): Promise<void> {
  if (typeof scheduler !== "undefined" && "yield" in scheduler) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start() {
  // The saved language is restored before the first render, so nobody sees a flash of English;
  // so is kiosk mode, so a clinic tablet never paints a link that leaves the app.
  // The current route's code is fetched at the same time, not after the first render.
  // A `?lang=` link opens the page in its language and saves it as the choice.
  const linked = takeLanguageFromAddress();
  const saved = Promise.all([
    linked ? chooseLanguage(linked) : readSavedLanguage().then(activateLanguage),
    restoreKioskMode(),
  ]);
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  await Promise.all([saved, router.load()]);
  // A route loaded before the language was there has no title yet: the router makes the
  // titles again, now in the language (the route's code is loaded by then, so this is quick).
  if (titleOf(router.state.matches) === undefined) await router.invalidate();
  const container = document.getElementById("root");
  if (!container) throw new Error("The #root element is missing from index.html");
  const app = (
    <StrictMode>
      <LiftInert container={container}>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </LiftInert>
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

/** Reloads in a row that a tab may try when the app cannot start, before it gives up. */
const maxStartRetries = 3;
const startRetriesKey = "dauys.start-retries";

function startRetries(): number {
  try {
    return Number(sessionStorage.getItem(startRetriesKey)) || 0;
  } catch {
    return maxStartRetries;
  }
}

function setStartRetries(count: number) {
  try {
    if (count === 0) sessionStorage.removeItem(startRetriesKey);
    else sessionStorage.setItem(startRetriesKey, String(count));
  } catch {
    // Without session storage there is no counter, and so no retry (see startRetries).
  }
}

/**
 * On an unstable connection the language catalog or other code can fail to arrive after the
 * entry script did, and the prerendered page would stay inert under its loading bar. The app
 * then loads the page again, as a visitor would: as soon as the connection is back, or after a
 * pause; at most a few times per tab, so a page that cannot start is never reloaded forever.
 */
function retryStart(error: unknown) {
  console.error("The app could not start:", error);
  const retries = startRetries();
  if (retries >= maxStartRetries) {
    // Giving up: show the page as it is rather than keep it hidden (scripts/build/prerender.ts).
    document.documentElement.classList.remove("language-pending");
    return;
  }
  setStartRetries(retries + 1);
  const reload = () => window.location.reload();
  if (navigator.onLine === false) window.addEventListener("online", reload, { once: true });
  else window.setTimeout(reload, 1000 * 2 ** retries);
}

start().then(() => setStartRetries(0), retryStart);
