/**
 * An inline script at the top of every prerendered page (scripts/build/prerender.ts), built on
 * its own (scripts/build/page-scripts.ts) and allowed by its hash in the Content-Security-Policy
 * (server/plugins/security-headers.ts).
 *
 * Without a `dauys-language` cookie or a `?lang=` link, the server chose the page's language from
 * `Accept-Language`. The app's saved choice lives in IndexedDB, which survives when cookies are
 * cleared, and may be another language: the page's content is then held hidden (the loading bar
 * still shows) until the app has rendered it in the saved language (src/start-app.tsx removes the
 * class), so no page in the wrong language flashes. When the language the app will start in, by
 * the rule every side shares (src/shared/start-language.ts), is the page's, the page shows at
 * once. A first visit has no database yet: the list of the site's databases says so, which is
 * much quicker than opening (and so creating) one, and the page shows without waiting for it.
 */
import { cookieNames, deviceDatabase, sharedStorageKeys } from "@/shared/api-contract";
import { pageCookieValue } from "@/shared/page-cookie";
import { startLanguage } from "@/shared/start-language";
import {
  languageHiddenClass,
  languageHiddenEvent,
  languagePendingClass,
} from "@/page-scripts/page-contract";

/**
 * Opens the app's device database (making its store on a first visit, as the app's storage does)
 * and hands `withStore` its store in a transaction of `mode`; the database closes as the transaction
 * ends. `failed` is called when that cannot be done.
 */
function withDeviceStore(
  mode: IDBTransactionMode,
  withStore: (store: IDBObjectStore) => void,
  failed: () => void,
) {
  try {
    const open = indexedDB.open(deviceDatabase.name);
    open.onupgradeneeded = () => open.result.createObjectStore(deviceDatabase.store);
    open.onerror = open.onblocked = failed;
    open.onsuccess = () => {
      const database = open.result;
      try {
        const transaction = database.transaction(deviceDatabase.store, mode);
        transaction.oncomplete = transaction.onerror = transaction.onabort = () => database.close();
        withStore(transaction.objectStore(deviceDatabase.store));
      } catch {
        database.close();
        failed();
      }
    };
  } catch {
    failed();
  }
}

/**
 * A `?lang=` link's language is the visitor's choice, saved as the app saves it when it starts on
 * the page (src/start-app.tsx). Saved here at once too: the server sends the next page in it (the
 * cookie it set with the link), and a visitor who moves on before the app has started would
 * otherwise have that page drawn again in the older saved language, losing what they typed there.
 * Without IndexedDB the app cannot save it either.
 */
const saveLinkedLanguage = (code: string) =>
  withDeviceStore(
    "readwrite",
    (store) => store.put(code, sharedStorageKeys.language),
    () => {},
  );

function checkPageLanguage() {
  const root = document.documentElement;
  const page = root.lang;
  const sources = {
    linked: new URLSearchParams(location.search).get("lang"),
    cookie: pageCookieValue(document.cookie, cookieNames.language),
    browser: navigator.languages ?? [],
  };
  // A link beats the saved choice, and the cookie mirrors it: the server's choice stands.
  const { code: serverCode, from: serverChose } = startLanguage(sources);
  if (serverChose === "link") return saveLinkedLanguage(serverCode);
  if (serverChose === "cookie") return;

  // IndexedDB that never answers (a browser's bug; some have had it on a page's first load) must
  // not leave the page blank: after a while it shows as the server sent it, usable, perhaps in
  // another language than the saved one, and a late answer changes nothing here.
  let decided = false;
  const show = () => {
    decided = true;
    root.classList.remove(languagePendingClass);
  };
  const waited = setTimeout(show, 3000);
  // The page stays hidden until the app has rendered it: the app's loader (app-loader.ts) then
  // starts the app at once instead of waiting for a paint.
  const hide = () => {
    root.classList.add(languageHiddenClass);
    document.dispatchEvent(new Event(languageHiddenEvent));
  };
  const decide = (saved: unknown) => {
    clearTimeout(waited);
    if (decided) return;
    if (startLanguage({ ...sources, saved }).code === page) show();
    else hide();
  };
  const read = () =>
    withDeviceStore(
      "readonly",
      (store) => {
        const get = store.get(sharedStorageKeys.language);
        get.onsuccess = () => decide(get.result);
        get.onerror = show;
      },
      show,
    );

  root.classList.add(languagePendingClass);
  try {
    if (!indexedDB.databases) return read();
    indexedDB.databases().then((list) => {
      if (list.some((database) => database.name === deviceDatabase.name)) read();
      else decide(undefined);
    }, read);
  } catch {
    show();
  }
}

checkPageLanguage();
