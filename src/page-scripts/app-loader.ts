/**
 * The inline script at the end of every page (vite.config.ts puts it there in place of the
 * module script and preloads Vite writes), built on its own (scripts/build/page-scripts.ts) and
 * allowed by its hash in the Content-Security-Policy (server/plugins/security-headers.ts).
 * Issue 22: a prerendered page paints before any of the app's JavaScript is asked for, and the
 * app starts when the page is idle or first touched.
 *
 * The scripts to load are listed in a JSON block beside it (`appScriptsId`), so this script's
 * text, and so its hash, is the same in every build.
 * - A prerendered page (`data-prerendered-language` on #root) is visible and readable without
 *   the app: the scripts are asked for once its content has painted (the first contentful
 *   paint), at background priority, or at once when the visitor touches or types first.
 * - The app shell the service worker answers with has nothing to show until the app runs, a
 *   hidden tab paints nothing, and a page the language check keeps hidden waits for the app:
 *   all three start the app at once.
 */
import { contactFormHiddenFields } from "@/shared/contact-form-post";
import {
  appScriptsId,
  languageHiddenClass,
  languageHiddenEvent,
  languagePendingClass,
  startFailedEvent,
  startFailedId,
  startFailedTextId,
  startRetriesKey,
  startWaitingTextId,
  startStoppedAttribute,
  type AppScripts,
} from "@/page-scripts/page-contract";
import { holdEntrancesUntilDrawn } from "@/theme/drawn-when-near";

/** The Prioritized Task Scheduling API, where the browser has it. */
type Scheduler = {
  postTask(task: () => void, options: { priority: "user-visible" | "background" }): unknown;
};
const scheduler = (window as Window & { scheduler?: Scheduler }).scheduler;

/** What was typed into the page's fields before a reload, and where. */
type KeptFields = { page: string; values: Record<string, string>; focused: string };
const fieldsKey = "dauys.typed-before-start";
const inputs = ["pointerdown", "touchstart", "keydown"] as const;

function loadApp(scripts: AppScripts) {
  let started = false;
  const add = (element: HTMLLinkElement | HTMLScriptElement) => {
    element.crossOrigin = "anonymous";
    document.head.appendChild(element);
  };
  // What start adds to the page: a preload for each module, then the entry. Each asks the
  // browser for a file, a task of a few milliseconds on a slow phone, so an idle start adds them
  // one per task and the page answers a tap between them; a touch, a key press or a hidden page
  // adds the rest at once (start is called with an event, or with true).
  const queue: (HTMLLinkElement | HTMLScriptElement)[] = [];
  const stopListening = () => {
    for (const input of inputs) removeEventListener(input, start, true);
  };
  const later = scheduler
    ? (task: () => void) => scheduler.postTask(task, { priority: "user-visible" })
    : (task: () => void) => setTimeout(task, 0);
  const next = () => {
    const element = queue.shift();
    if (element) add(element);
    if (queue.length) later(next);
    else stopListening();
  };
  function start(now?: boolean | Event) {
    // The idle start has two triggers (an idle period, a background task): the second finds the
    // files on their way already, and lets them be.
    if (started && !now) return;
    if (!started) {
      started = true;
      for (const href of scripts.preload) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        queue.push(link);
      }
      const script = document.createElement("script");
      script.type = "module";
      script.src = scripts.entry;
      script.onerror = retry;
      queue.push(script);
      if (!now) return next();
    }
    while (queue.length) add(queue.shift()!);
    stopListening();
  }

  // The app could not start: its code failed to arrive (here, or later in src/main.tsx, which
  // says so with an event). The page stays usable without it (its links, its form); the app
  // starts by itself once its code can come. A module that failed cannot be loaded again in
  // this page (the browser remembers the failure), so the page loads again, but only once the
  // server answers (reloadWhenAnswered): a reload while the connection is still away would leave
  // the visitor on the browser's error page. At most a few reloads per tab, so a page that cannot
  // start is never reloaded forever: after those, the page says so, and offers to load it again
  // (stopped()).
  let retrying = false;
  let lastInput = 0;
  function retry() {
    if (retrying) return;
    retrying = true;
    // A page held hidden for the app (language-check.ts) shows as it is: usable, if perhaps not
    // in the saved language, rather than blank while the app cannot come.
    document.documentElement.classList.remove(languagePendingClass, languageHiddenClass);
    let reloads = 3;
    try {
      reloads = Number(sessionStorage.getItem(startRetriesKey)) || 0;
    } catch {
      // Without session storage no reload is tried: its count could not be kept.
    }
    if (reloads >= 3) {
      return stopped(() => {
        // Asked by the visitor: checked at once, and, while there is no answer, said and waited
        // for as at first.
        waiting(true);
        reloadWhenAnswered(reloads, 0);
      });
    }
    // Offline, nothing can come before the connection does: said at once.
    if (navigator.onLine === false) waiting();
    reloadWhenAnswered(reloads, 1000);
  }

  /**
   * Loads the page again once the server answers: checked after a pause of twice `pause`
   * (doubling up to a minute; at once for 0), and whenever the browser says it is back online.
   * While a check finds no answer, the page says it is waiting. The reload waits for a pause in
   * typing, and what was typed into the page's fields, and where, is put back after it.
   */
  function reloadWhenAnswered(reloads: number, pause: number) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = (response: Response) => {
      if (!response.ok) throw new Error(String(response.status));
    };
    const check = () => {
      clearTimeout(timer);
      removeEventListener("online", check);
      Promise.all([
        fetch(scripts.entry).then(answered),
        fetch(location.href, { method: "HEAD", cache: "no-store" }).then(answered),
      ]).then(reloadWhenIdle, () => {
        waiting();
        wait();
      });
    };
    const wait = () => {
      pause = Math.min(Math.max(pause * 2, 1000), 60000);
      addEventListener("online", check);
      timer = setTimeout(check, pause);
    };
    const reloadWhenIdle = () => {
      const quiet = Date.now() - lastInput;
      if (quiet < 2000) {
        setTimeout(reloadWhenIdle, 2000 - quiet);
        return;
      }
      try {
        sessionStorage.setItem(startRetriesKey, String(reloads + 1));
        keepFields();
      } catch {
        // Without session storage the count could not be kept: only the visitor's Try again
        // (reloads 3 and more) loads the page again, as it was sent.
        if (reloads < 3) return;
      }
      location.reload();
    };
    if (pause) wait();
    else check();
  }
  document.addEventListener(startFailedEvent, retry);
  addEventListener("input", () => (lastInput = Date.now()), true);
  // A form sent without the app (not started yet: `data-app-starting`, set by the prerender and
  // removed by src/start-app.tsx) while the device is offline would leave the visitor on the
  // browser's error page, what they typed lost. It is not sent: the page says it cannot work yet,
  // and loads again, with what was typed, once the server answers, where the app sends it.
  document.addEventListener("submit", (event) => {
    const starting = document.getElementById("root")?.hasAttribute("data-app-starting");
    if (!starting || event.defaultPrevented || navigator.onLine !== false) return;
    event.preventDefault();
    retry();
    waiting();
  });
  return start;
}

/**
 * Fills the page's notice below #root from the template `textId` (in the page's language), an
 * alert from the moment it has its words, so a screen reader says them (an empty alert on every
 * page would be one more region for it to list). Only a prerendered page has the words; the app
 * shell the service worker answers with is the app's own code, kept on the device. Returns the
 * notice, or nothing if it says something already or there are no words.
 */
function showNotice(textId: string, replacing = false) {
  const notice = document.getElementById(startFailedId);
  const text = document.getElementById(textId) as HTMLTemplateElement | null;
  if (!notice || !text || (notice.firstChild && !replacing)) return;
  notice.setAttribute("role", "alert");
  notice.replaceChildren(text.content.cloneNode(true));
  // A control the keyboard reaches is scrolled into view above the notice, not under it.
  const html = document.documentElement;
  const keepClear = () => (html.style.scrollPaddingBottom = `${notice.offsetHeight + 16}px`);
  keepClear();
  if (typeof ResizeObserver === "function") new ResizeObserver(keepClear).observe(notice);
  return notice;
}

/**
 * The loader waits for the connection to load the page again: the page says its buttons do not
 * work yet and that it will finish by itself (the loading bar stays). `asked`: in place of the
 * stopped notice, after its Try again, which had the focus.
 */
function waiting(asked = false) {
  const notice = showNotice(startWaitingTextId, asked);
  if (!notice || !asked) return;
  document.getElementById("root")?.removeAttribute(startStoppedAttribute);
  notice.tabIndex = -1;
  notice.focus();
}

/**
 * The app will not start by itself in this page: the loading bar goes, and the page says that
 * its buttons do not work, with a button to try again (`tryAgain`; what was typed is kept).
 */
function stopped(tryAgain: () => void) {
  const root = document.getElementById("root");
  const notice = showNotice(startFailedTextId);
  if (!root || !notice) return;
  root.setAttribute(startStoppedAttribute, "");
  notice.querySelector("button")?.addEventListener("click", tryAgain);
}

const fields = () =>
  document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "#root input[name], #root textarea[name]",
  );

function keepFields() {
  const kept: KeptFields = { page: location.href, values: {}, focused: "" };
  for (const field of fields()) {
    if (field.value && !/^(password|file|checkbox|radio)$/.test(field.type)) {
      kept.values[field.name] = field.value;
    }
  }
  const focused = document.activeElement as HTMLInputElement | null;
  if (focused?.name) kept.focused = focused.name;
  sessionStorage.setItem(fieldsKey, JSON.stringify(kept));
}

// What was typed before a reload above comes back into the same page's fields (the app then
// takes it over, src/features/contact/contact-form.tsx), and the focus to where it was, once
// the field can take it (the browser ignores focus() while the page is held hidden for the
// language check), unless the visitor has gone somewhere else by then; for a second at most.
function focusLater(field: HTMLElement) {
  let frames = 60;
  const attempt = () => {
    if (document.activeElement && document.activeElement !== document.body) return;
    field.focus();
    if (document.activeElement !== field && --frames > 0) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

function restoreFields() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(fieldsKey) || "null") as KeptFields | null;
    if (!kept) return;
    sessionStorage.removeItem(fieldsKey);
    if (kept.page !== location.href) return;
    for (const field of fields()) {
      if (Object.prototype.hasOwnProperty.call(kept.values, field.name)) {
        field.value = kept.values[field.name]!;
      }
      if (field.name === kept.focused) focusLater(field);
    }
  } catch {
    // Nothing kept, or no session storage: the fields stay as the page came.
  }
}

function startWhenIdle(start: (now?: boolean | Event) => void) {
  const root = document.getElementById("root");
  if (
    !root ||
    !root.hasAttribute("data-prerendered-language") ||
    document.visibilityState !== "visible"
  ) {
    return start(true);
  }
  for (const input of inputs) addEventListener(input, start, { capture: true, passive: true });
  document.addEventListener("visibilitychange", start);
  // A page in another language than the saved one stays hidden until the app has rendered it
  // (language-check.ts): nothing will paint before the app, so it starts at once.
  if (document.documentElement.classList.contains(languageHiddenClass)) return start(true);
  document.addEventListener(languageHiddenEvent, start);
  // Whichever comes first: an idle period (or a second later), or a background-priority task.
  const whenIdle = () => {
    const idle = () => start();
    // Safari has no idle callbacks.
    if (typeof requestIdleCallback === "function") requestIdleCallback(idle, { timeout: 1000 });
    else setTimeout(idle, 0);
    scheduler?.postTask(idle, { priority: "background" });
  };
  const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (!types.includes("paint")) {
    requestAnimationFrame(() => setTimeout(whenIdle, 0));
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    whenIdle();
  }).observe({ type: "paint", buffered: true });
}

holdEntrancesUntilDrawn(document);
const list = document.getElementById(appScriptsId);
if (list) {
  const start = loadApp(JSON.parse(list.textContent ?? "") as AppScripts);
  restoreFields();
  // A form sent without the app carries an id made here, so sending the same page twice stores
  // one request (server/routes/request-form.ts).
  const requestId = document.querySelector<HTMLInputElement>(
    `#root input[name="${contactFormHiddenFields.id}"]`,
  );
  // Only secure contexts (https, localhost) have randomUUID.
  if (requestId && !requestId.value && typeof crypto.randomUUID === "function") {
    requestId.value = crypto.randomUUID();
  }
  startWhenIdle(start);
}
