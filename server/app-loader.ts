/**
 * The inline script at the end of every page (vite.config.ts puts it there in place of the
 * module script and preloads Vite writes), allowed by its hash in the Content-Security-Policy
 * (plugins/security-headers.ts). Issue 22: a prerendered page paints before any of the app's
 * JavaScript is asked for, and the app starts when the page is idle or first touched.
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
import { createHash } from "node:crypto";
import { contactFormHiddenFields } from "../src/shared/contact-form-post.ts";

export const appScriptsId = "dauys-app-scripts";

/** What the JSON block holds: the entry module and the modules it imports. */
export type AppScripts = { entry: string; preload: string[] };

export const appLoaderScript = `(function () {
  var list = document.getElementById(${JSON.stringify(appScriptsId)});
  if (!list) return;
  var scripts = JSON.parse(list.textContent);
  var inputs = ["pointerdown", "touchstart", "keydown"];
  var started = false;
  var add = function (element) {
    element.crossOrigin = "anonymous";
    document.head.appendChild(element);
  };
  // What start adds to the page: a preload for each module, then the entry. Each asks the
  // browser for a file, a task of a few milliseconds on a slow phone, so an idle start adds them
  // one per task and the page answers a tap between them; a touch, a key press or a hidden page
  // adds the rest at once (start is called with an event, or with true).
  var queue = [];
  var stopListening = function () {
    for (var i = 0; i < inputs.length; i++) removeEventListener(inputs[i], start, true);
  };
  var next = function () {
    var element = queue.shift();
    if (element) add(element);
    if (queue.length) later(next);
    else stopListening();
  };
  var later = window.scheduler && scheduler.postTask
    ? function (task) { scheduler.postTask(task, { priority: "user-visible" }); }
    : function (task) { setTimeout(task, 0); };
  var start = function (now) {
    // The idle start has two triggers (an idle period, a background task): the second finds the
    // files on their way already, and lets them be.
    if (started && !now) return;
    if (!started) {
      started = true;
      for (var j = 0; j < scripts.preload.length; j++) {
        var link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = scripts.preload[j];
        queue.push(link);
      }
      var script = document.createElement("script");
      script.type = "module";
      script.src = scripts.entry;
      script.onerror = retry;
      queue.push(script);
      if (!now) return next();
    }
    while (queue.length) add(queue.shift());
    stopListening();
  };
  // The app could not start: its code failed to arrive (here, or later in src/main.tsx, which
  // says so with an event). The page stays usable without it (its links, its form); the app
  // starts by itself once its code can come. A module that failed cannot be loaded again in
  // this page (the browser remembers the failure), so the page loads again, but only once the
  // server answers (when the browser says it is back online, else at growing pauses of 2 s to
  // a minute): a reload while the connection is still away would leave the visitor on the
  // browser's error page. It waits for a pause in typing, and what was typed into the page's
  // fields, and where, is put back after the reload. At most a few reloads per tab, so a page
  // that cannot start is never reloaded forever.
  var retrying = false;
  var retry = function () {
    if (retrying) return;
    retrying = true;
    // A page held hidden for the app (server/language-check.ts) shows as it is: usable, if
    // perhaps not in the saved language, rather than blank while the app cannot come.
    document.documentElement.classList.remove("language-pending", "language-hidden");
    var reloads = 3;
    try { reloads = Number(sessionStorage.getItem("dauys.start-retries")) || 0; } catch (error) {}
    if (reloads >= 3) return;
    var pause = 1000;
    var timer = 0;
    var check = function () {
      clearTimeout(timer);
      removeEventListener("online", check);
      var answered = function (response) { if (!response.ok) throw new Error(response.status); };
      Promise.all([
        fetch(scripts.entry).then(answered),
        fetch(location.href, { method: "HEAD", cache: "no-store" }).then(answered),
      ]).then(reloadWhenIdle, wait);
    };
    var wait = function () {
      pause = Math.min(pause * 2, 60000);
      addEventListener("online", check);
      timer = setTimeout(check, pause);
    };
    var reloadWhenIdle = function () {
      var quiet = Date.now() - lastInput;
      if (quiet < 2000) return setTimeout(reloadWhenIdle, 2000 - quiet);
      try {
        sessionStorage.setItem("dauys.start-retries", String(reloads + 1));
        keepFields();
      } catch (error) { return; }
      location.reload();
    };
    wait();
  };
  document.addEventListener("dauys:start-failed", retry);
  var lastInput = 0;
  addEventListener("input", function () { lastInput = Date.now(); }, true);
  var fieldsKey = "dauys.typed-before-start";
  var fields = function () { return document.querySelectorAll("#root input[name], #root textarea[name]"); };
  var keepFields = function () {
    var kept = { page: location.href, values: {}, focused: "" };
    for (var i = 0, all = fields(); i < all.length; i++) {
      if (all[i].value && !/^(password|file|checkbox|radio)$/.test(all[i].type)) kept.values[all[i].name] = all[i].value;
    }
    if (document.activeElement && document.activeElement.name) kept.focused = document.activeElement.name;
    sessionStorage.setItem(fieldsKey, JSON.stringify(kept));
  };
  // What was typed before a reload above comes back into the same page's fields (the app then
  // takes it over, src/features/contact/contact-form.tsx), and the focus to where it was, once
  // the field can take it (the browser ignores focus() while the page is held hidden for the
  // language check), unless the visitor has gone somewhere else by then; for a second at most.
  var focusLater = function (field) {
    var frames = 60;
    var attempt = function () {
      if (document.activeElement && document.activeElement !== document.body) return;
      field.focus();
      if (document.activeElement !== field && --frames > 0) requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  };
  try {
    var kept = JSON.parse(sessionStorage.getItem(fieldsKey) || "null");
    if (kept) {
      sessionStorage.removeItem(fieldsKey);
      for (var k = 0, all = kept.page === location.href ? fields() : []; k < all.length; k++) {
        if (Object.prototype.hasOwnProperty.call(kept.values, all[k].name)) all[k].value = kept.values[all[k].name];
        if (all[k].name === kept.focused) focusLater(all[k]);
      }
    }
  } catch (error) {}
  // A form sent without the app carries an id made here, so sending the same page twice stores
  // one request (server/routes/request-form.ts).
  var requestId = document.querySelector(${JSON.stringify(`#root input[name="${contactFormHiddenFields.id}"]`)});
  if (requestId && !requestId.value && window.crypto && crypto.randomUUID) requestId.value = crypto.randomUUID();
  var root = document.getElementById("root");
  if (!root || !root.hasAttribute("data-prerendered-language") || document.visibilityState !== "visible") return start(true);
  for (var i = 0; i < inputs.length; i++) addEventListener(inputs[i], start, { capture: true, passive: true });
  document.addEventListener("visibilitychange", start);
  // A page in another language than the saved one stays hidden until the app has rendered it
  // (server/language-check.ts): nothing will paint before the app, so it starts at once.
  if (document.documentElement.classList.contains("language-hidden")) return start(true);
  document.addEventListener("dauys:language-hidden", start);
  // Whichever comes first: an idle period (or a second later), or a background-priority task.
  var whenIdle = function () {
    var idle = function () { start(); };
    if (window.requestIdleCallback) requestIdleCallback(idle, { timeout: 1000 });
    else setTimeout(idle, 0);
    if (window.scheduler && scheduler.postTask) scheduler.postTask(idle, { priority: "background" });
  };
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf("paint") < 0) {
    requestAnimationFrame(function () { setTimeout(whenIdle, 0); });
    return;
  }
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    whenIdle();
  }).observe({ type: "paint", buffered: true });
})();`;

/** The loader and its list, as they end the page's body. */
export function appLoaderMarkup(scripts: AppScripts): string {
  const json = JSON.stringify(scripts).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${appScriptsId}">${json}</script><script>${appLoaderScript}</script>`;
}

/** The script's CSP source expression. */
export const appLoaderHash = `'sha256-${createHash("sha256").update(appLoaderScript).digest("base64")}'`;
