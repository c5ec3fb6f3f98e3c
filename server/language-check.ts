/**
 * An inline script at the top of every prerendered page (scripts/build/prerender.ts), allowed by its
 * hash in the Content-Security-Policy (plugins/security-headers.ts).
 *
 * Without a `dauys-language` cookie or a `?lang=` link, the server chose the page's language from
 * `Accept-Language`. The app's saved choice lives in IndexedDB, which survives when cookies are
 * cleared, and may be another language: the page's content is then held hidden (the loading bar
 * still shows) until the app has rendered it in the saved language (src/main.tsx removes the
 * class), so no page in the wrong language flashes. When the saved choice, or without one the
 * first of the browser's languages the app has, is the page's, the page shows at once. A first
 * visit has no database yet: the list of the site's databases says so, which is much quicker
 * than opening (and so creating) one, and the page shows without waiting for it.
 */
import { createHash } from "node:crypto";
import { languageCodes } from "../src/shared/languages.ts";

export const languageCheckScript = `(function () {
  var root = document.documentElement;
  var page = root.lang;
  var codes = ${JSON.stringify(languageCodes)};
  var linked = /[?&]lang=([^&#]*)/.exec(location.search);
  if (linked && codes.indexOf(linked[1]) >= 0) return;
  if (/(?:^|;\\s*)dauys-language=(${languageCodes.join("|")})(?:;|$)/.test(document.cookie)) return;
  var show = function () { root.classList.remove("language-pending"); };
  var expected = function (saved) {
    if (codes.indexOf(saved) >= 0) return saved;
    var tags = navigator.languages || [];
    for (var i = 0; i < tags.length; i++) {
      var code = String(tags[i]).split("-")[0].toLowerCase();
      if (codes.indexOf(code) >= 0) return code;
    }
    return "en";
  };
  root.classList.add("language-pending");
  // The page stays hidden until the app has rendered it: the app's loader (server/app-loader.ts)
  // then starts the app at once instead of waiting for a paint.
  var hide = function () {
    root.classList.add("language-hidden");
    document.dispatchEvent(new Event("dauys:language-hidden"));
  };
  var read = function () {
    try {
      var open = indexedDB.open("dauys");
      open.onupgradeneeded = function () { open.result.createObjectStore("keyval"); };
      open.onerror = open.onblocked = show;
      open.onsuccess = function () {
        var db = open.result;
        try {
          var get = db.transaction("keyval", "readonly").objectStore("keyval").get("dauys.language");
          get.onsuccess = function () { db.close(); if (expected(get.result) === page) show(); else hide(); };
          get.onerror = function () { db.close(); show(); };
        } catch (error) { db.close(); show(); }
      };
    } catch (error) { show(); }
  };
  try {
    if (!indexedDB.databases) return read();
    indexedDB.databases().then(function (list) {
      for (var i = 0; i < list.length; i++) if (list[i].name === "dauys") return read();
      if (expected(undefined) === page) show();
      else hide();
    }, read);
  } catch (error) { show(); }
})();`;

/** Hides the page's content, not the loading bar on #root, while the language is checked. */
export const languageCheckStyle = `html.language-pending #root > * { visibility: hidden; }`;

/** The script's CSP source expression. */
export const languageCheckHash = `'sha256-${createHash("sha256").update(languageCheckScript).digest("base64")}'`;
