/**
 * The entry: evaluates the app's code in steps, a task each, so that a slow phone can paint
 * and take input between them instead of freezing while all of it is evaluated at once
 * (issue 22). The modules are already downloading: the page's loader preloads them all
 * (server/app-loader.ts).
 */
import { yieldToBrowser } from "@/lib/yield-to-browser";

async function start() {
  await import("react-dom/client");
  await yieldToBrowser();
  // MUI's styling engine (with Typography, which every page shows; a module of `@mui/material/
  // styles` would keep all that index exports), then the theme made with it.
  await import("@mui/material/Typography");
  await yieldToBrowser();
  await import("@/theme/theme");
  await yieldToBrowser();
  await import("@/router");
  await yieldToBrowser();
  const { startApp } = await import("./start-app");
  await startApp();
}

/** Reloads in a row that a tab may try when the app cannot start, before it gives up. */
const maxStartRetries = 3;
// The page's loader counts in the same place when the entry itself cannot be fetched
// (server/app-loader.ts).
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
    document.documentElement.classList.remove("language-pending", "language-hidden");
    return;
  }
  setStartRetries(retries + 1);
  const reload = () => window.location.reload();
  if (navigator.onLine === false) window.addEventListener("online", reload, { once: true });
  else window.setTimeout(reload, 1000 * 2 ** retries);
}

start().then(() => setStartRetries(0), retryStart);
