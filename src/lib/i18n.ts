/**
 * Interface language: the six codes, their native names, lazy catalog loading, and the saved
 * preference (IndexedDB key `dauys.language`).
 */
import { i18n, type Messages } from "@lingui/core";
import { setPageCookie } from "@/lib/page-cookies";
import { readValue, storageKeys, writeValue } from "@/lib/storage";
import type { CatalogPart } from "@/shared/catalog-parts";
import { isLanguageCode, type LanguageCode } from "@/shared/languages";
import { cookieNames } from "@/shared/api-contract";
import { manifestPathOf } from "@/shared/app-manifest";
import { pageCookieValue } from "@/shared/page-cookie";
import { startLanguage, type StartLanguageSource } from "@/shared/start-language";

export {
  defaultLanguage,
  isLanguageCode,
  languages,
  nativeNameOf,
  type LanguageCode,
} from "@/shared/languages";

// One chunk per catalog and language, so only the chosen language's catalogs are downloaded,
// and a feature's catalog only with a route that shows it (the service worker precaches all of
// them for offline use). The catalogs are listed in lingui.config.ts.
// The parts only the build uses (src/shared/catalog-parts.ts: the contact form's answer without
// the app, the pages' heads and manifests) are left out of the app: none of its pages loads them.
// So are the parts whose loaders come with the code that shows them (withOwnCatalogPart): each
// loader is a few bytes of every page's first code.
type CatalogLoaders = Record<string, () => Promise<{ messages: Messages }>>;
const catalogLoaders: CatalogLoaders = import.meta.env.SSR
  ? import.meta.glob<{ messages: Messages }>("/locales/*/*.po")
  : import.meta.glob<{ messages: Messages }>([
      "/locales/*/*.po",
      "!/locales/*/contact-form-answer.po",
      "!/locales/*/page-texts.po",
      "!/locales/*/recognition-problems.po",
      "!/locales/*/outbox-refusals.po",
      "!/locales/*/app-updates.po",
      "!/locales/*/recognition-audio.po",
      "!/locales/*/staff.po",
      "!/locales/*/kiosk-dialogs.po",
      "!/locales/*/kiosk-notices.po",
    ]);

/**
 * How long a catalog may take to come. A request that a flaky connection leaves unanswered would
 * otherwise hold the language for good, and all that waits for it: the app's start (a page held
 * hidden until it is in the saved language stays blank), a kiosk's privacy reset, the routes'
 * catalogs. Failed, each says so and tries again. Generous: on a slow connection the app's own
 * code comes at the same time.
 */
const catalogTimeLimitMs = 60_000;

async function loadCatalog(code: LanguageCode, name: "messages" | CatalogPart) {
  const load = catalogLoaders[`/locales/${code}/${name}.po`];
  if (!load) throw new Error(`There is no catalog ${name} for ${code}`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The catalog ${name} for ${code} did not come`)),
        catalogTimeLimitMs,
      );
    });
    return (await Promise.race([load(), late])).messages;
  } finally {
    clearTimeout(timer);
  }
}

/** The feature catalogs the routes shown so far have asked for: a new language loads them too. */
const wantedParts = new Set<CatalogPart>();
/** Which feature catalogs each language has loaded. */
const loadedParts = new Map<LanguageCode, Set<CatalogPart>>();
const loadedIn = (code: LanguageCode) => {
  const loaded = loadedParts.get(code) ?? new Set<CatalogPart>();
  loadedParts.set(code, loaded);
  return loaded;
};
/** The language being activated, which a route's catalogs wait for. */
let activation: Promise<unknown> = Promise.resolve();
/** How many activations have started: the latest one wins. */
let activations = 0;

/** Counts the activations started so far: a caller can tell whether another came after its own. */
export const languageActivations = () => activations;

/**
 * Loads the catalogs for `code`, activates them and updates `<html lang>`. Should a later
 * activation start while this one's catalogs load, this one changes nothing: a slow language
 * chosen by one patient must not replace the kiosk's, set at the privacy reset that followed.
 */
export function activateLanguage(code: LanguageCode): Promise<void> {
  const own = ++activations;
  const activated = (async () => {
    const parts = [...wantedParts];
    const catalogs = await Promise.all([
      loadCatalog(code, "messages"),
      ...parts.map((part) => loadCatalog(code, part)),
    ]);
    if (own !== activations) return;
    i18n.loadAndActivate({ locale: code, messages: Object.assign({}, ...catalogs) });
    for (const part of parts) loadedIn(code).add(part);
    // Set only when it changes: setting it at all makes the browser match `:lang()` again on
    // every element, a long task as a prerendered page starts (issue 22).
    if (typeof document !== "undefined" && document.documentElement.lang !== code) {
      document.documentElement.lang = code;
    }
    setPageCookie(cookieNames.language, code);
    // Installing the app from here names it and its shortcuts in this language.
    const manifest = globalThis.document?.querySelector('link[rel="manifest"]');
    if (manifest && manifest.getAttribute("href") !== manifestPathOf(code)) {
      manifest.setAttribute("href", manifestPathOf(code));
    }
  })();
  activation = activated.catch(() => undefined);
  return activated;
}

/**
 * Loads the feature catalogs a route shows (its loader calls this, so they are there before the
 * route renders), in the active language, and in every language chosen later.
 */
export async function loadCatalogParts(parts: readonly CatalogPart[]): Promise<void> {
  for (const part of parts) wantedParts.add(part);
  await activation;
  const code = i18n.locale;
  // Before the first language is active, its activation loads the parts with it.
  if (!isLanguageCode(code)) return;
  const missing = parts.filter((part) => !loadedIn(code).has(part));
  if (missing.length === 0) return;
  const catalogs = await Promise.all(missing.map((part) => loadCatalog(code, part)));
  addMessagesQuietly(code, Object.assign({}, ...catalogs));
  for (const part of missing) loadedIn(code).add(part);
}

/** The language active once the activation under way (if any) is done. */
export async function activeLanguage(): Promise<LanguageCode | undefined> {
  await activation;
  return isLanguageCode(i18n.locale) ? i18n.locale : undefined;
}

/**
 * A module fetched together with the catalog parts its messages are in, for code that comes
 * after the route (a panel, a dialog): it can render as soon as both are here.
 */
export function withCatalogParts<Module>(
  parts: readonly CatalogPart[],
  module: Promise<Module>,
): Promise<Module> {
  return Promise.all([module, loadCatalogParts(parts)]).then(([loaded]) => loaded);
}

/**
 * `withCatalogParts` for a part whose loaders (`import.meta.glob("/locales/*\/<part>.po")`, one
 * per language) come with the code that shows it, not with every page; a language chosen later
 * loads it too.
 */
export function withOwnCatalogPart<Module>(
  part: CatalogPart,
  loaders: CatalogLoaders,
  module: Promise<Module>,
): Promise<Module> {
  Object.assign(catalogLoaders, loaders);
  return withCatalogParts([part], module);
}

/**
 * Adds a part's messages to a language without a "change" event. Nothing on screen uses them yet:
 * the route or panel that shows them renders once they are here. Lingui's public `load` would
 * tell the I18nProvider, whose store update re-renders every translated component of the page
 * in one blocking task (200 ms when Talk's panels came, on a 2-core machine; issue 22).
 * A change of language still goes through `loadAndActivate`, which re-renders everything.
 */
function addMessagesQuietly(code: LanguageCode, messages: Messages) {
  (i18n as unknown as { _load(locale: string, messages: Messages): void })._load(code, messages);
}

/**
 * The language the app starts in and which source decided it, by the rule every side shares
 * (src/shared/start-language.ts): a `?lang=` link, the saved choice, the cookie that mirrors it
 * for the server, the browser's languages, English.
 */
export async function readStartLanguage(
  linked?: string | null,
): Promise<{ code: LanguageCode; from: StartLanguageSource }> {
  return startLanguage({
    linked,
    saved: await readValue<unknown>(storageKeys.language),
    cookie:
      typeof document === "undefined"
        ? undefined
        : pageCookieValue(document.cookie, cookieNames.language),
    browser: typeof navigator === "undefined" ? [] : navigator.languages,
  });
}

/**
 * A `?lang=` link (`/about?lang=kk`): the `lang` parameter of the address, or null. It is taken
 * off the address either way, so the address stays clean and a reload follows the saved choice.
 */
export function takeLanguageFromAddress(): string | null {
  if (typeof window === "undefined") return null;
  const url = new URL(window.location.href);
  if (!url.searchParams.has("lang")) return null;
  const requested = url.searchParams.get("lang");
  url.searchParams.delete("lang");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  return requested;
}

/**
 * Saves the user's choice, then shows it. In this order a reload the moment the page changes
 * language cannot start in the old one: the saved language is what the app starts in. The server
 * is told with the choice, not only once it shows: should its texts not load now, the next page
 * it sends is still in the saved language, not one the app must draw again (losing what was
 * typed into it).
 */
export async function chooseLanguage(code: LanguageCode): Promise<void> {
  if (await writeValue(storageKeys.language, code)) setPageCookie(cookieNames.language, code);
  await activateLanguage(code);
}
