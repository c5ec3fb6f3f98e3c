import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
import { i18n } from "@lingui/core";
import { AppProviders } from "@/components/app-providers";
import { startOutboxDelivery } from "@/features/contact/start-outbox-delivery";
import { getKioskSnapshot, restoreKioskMode } from "@/features/kiosk/kiosk-store";
import { activateLanguage, readSavedLanguage } from "@/lib/i18n";
import { createAppRouter } from "@/lib/router";

/**
 * Makes prerendered markup usable (it arrives `inert` and `aria-disabled`, see
 * scripts/prerender.ts) once React has taken it over.
 */
function LiftInert({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    container.removeAttribute("inert");
    container.removeAttribute("aria-disabled");
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
  const saved = Promise.all([readSavedLanguage().then(activateLanguage), restoreKioskMode()]);
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  await Promise.all([saved, router.load()]);
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
  // `dauys-language` cookie (scripts/prerender.ts): React then takes over that markup instead of
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

void start();
