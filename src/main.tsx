/**
 * The entry: evaluates the app's code in steps, a task each, so that a slow phone can paint
 * and take input between them instead of freezing while all of it is evaluated at once
 * (issue 22). The modules are already downloading: the page's loader preloads them all
 * (src/page-scripts/app-loader.ts).
 */
import { yieldToBrowser } from "@/lib/yield-to-browser";
import { startFailedEvent, startRetriesKey } from "@/page-scripts/page-contract";

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

// The page's loader counts the reloads it tries when the app cannot start
// (src/page-scripts/app-loader.ts); a start that succeeds begins the count again.

function resetStartRetries() {
  try {
    sessionStorage.removeItem(startRetriesKey);
  } catch {
    // Without session storage the loader tries no reload at all.
  }
}

/**
 * On an unstable connection the language catalog or other code can fail to arrive after the
 * entry script did, and the prerendered page would stay under its loading bar, without the app.
 * The page's loader then loads the page again once the server answers, keeping what was typed
 * into it (src/page-scripts/app-loader.ts), as it does when the entry itself cannot be fetched.
 */
function retryStart(error: unknown) {
  console.error("The app could not start:", error);
  document.dispatchEvent(new Event(startFailedEvent));
}

start().then(resetStartRetries, retryStart);
