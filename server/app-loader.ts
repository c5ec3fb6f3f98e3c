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
  // The connection failed before the app's code arrived: the page loads again once it is back
  // (or after a pause), at most a few times per tab, as src/main.tsx does for the rest.
  var retry = function () {
    var retries = 3;
    try { retries = Number(sessionStorage.getItem("dauys.start-retries")) || 0; } catch (error) {}
    if (retries >= 3) return;
    try { sessionStorage.setItem("dauys.start-retries", String(retries + 1)); } catch (error) { return; }
    if (navigator.onLine === false) addEventListener("online", function () { location.reload(); });
    else setTimeout(function () { location.reload(); }, 1000 * Math.pow(2, retries));
  };
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
