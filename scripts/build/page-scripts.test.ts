import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readValue, resetStorageForTests, storageKeys, writeValue } from "../../src/lib/storage.ts";
import type { PageScripts } from "../../src/shared/page-scripts.ts";
import { buildPageScripts } from "./page-scripts.ts";

let scripts: PageScripts;
beforeAll(async () => {
  scripts = await buildPageScripts();
});

describe("the page scripts as the build makes them", () => {
  it("are each one classic script, with nothing left to import and no closing tag", () => {
    for (const script of [scripts.languageCheck, scripts.appLoader]) {
      // A module's import or export would not even parse as the inline script it becomes.
      expect(() => new Function(script)).not.toThrow();
      expect(script).not.toMatch(/<\/script/i);
    }
  });
});

/**
 * The built language check, run on a page as the server sent it: the page's <html> (its lang and
 * classes), the address, the cookies and the browser's languages, over IndexedDB as the app's
 * storage module writes it (fake-indexeddb).
 */
function runLanguageCheck(page: {
  lang: string;
  search?: string;
  cookie?: string;
  languages: string[];
}) {
  const classes = new Set<string>();
  const hiddenEvents: string[] = [];
  const document = Object.assign(new EventTarget(), {
    documentElement: {
      lang: page.lang,
      classList: {
        add: (name: string) => classes.add(name),
        remove: (...names: string[]) => names.forEach((name) => classes.delete(name)),
      },
    },
    cookie: page.cookie ?? "",
  });
  document.addEventListener("dauys:language-hidden", (event) => hiddenEvents.push(event.type));
  vi.stubGlobal("document", document);
  vi.stubGlobal("location", { search: page.search ?? "" });
  vi.stubGlobal("navigator", { languages: page.languages });
  new Function(scripts.languageCheck)();
  return { classes, hiddenEvents };
}

/** Waits until the check has decided: shown (nothing pending) or hidden. */
async function decided(page: ReturnType<typeof runLanguageCheck>) {
  await vi.waitFor(() =>
    expect(page.classes.has("language-hidden") || !page.classes.has("language-pending")).toBe(true),
  );
  return page.classes.has("language-hidden") ? "hidden" : "shown";
}

describe("the language check on a prerendered page", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a first visit's page at once, without creating the app's database", async () => {
    const page = runLanguageCheck({ lang: "kk", languages: ["kk-KZ", "ru"] });
    expect(await decided(page)).toBe("shown");
    expect(await indexedDB.databases()).toEqual([]);
  });

  it("holds the page hidden when the app has saved another language, and says so", async () => {
    await writeValue(storageKeys.language, "ru");
    const page = runLanguageCheck({ lang: "en", languages: ["en-US"] });
    expect(await decided(page)).toBe("hidden");
    expect(page.hiddenEvents).toEqual(["dauys:language-hidden"]);
  });

  it("shows the page when the saved language is the page's, whatever the browser's", async () => {
    await writeValue(storageKeys.language, "uz");
    const page = runLanguageCheck({ lang: "uz", languages: ["kk-KZ"] });
    expect(await decided(page)).toBe("shown");
    expect(page.hiddenEvents).toEqual([]);
  });

  it("holds the page hidden when nothing is saved and the browser prefers another language", async () => {
    await writeValue(storageKeys.contactDraft, { name: "Aigerim" });
    const page = runLanguageCheck({ lang: "en", languages: ["fr-FR", "ky-KG"] });
    expect(await decided(page)).toBe("hidden");
  });

  it("saves a ?lang= link's language at once, as the app does when it starts on the page", async () => {
    await writeValue(storageKeys.language, "ru");
    resetStorageForTests();
    runLanguageCheck({ lang: "kk", search: "?lang=kk", languages: ["ru"] });
    await vi.waitFor(async () => expect(await readValue(storageKeys.language)).toBe("kk"));
    // Not a language of the app's: nothing is saved, the server chose by the rest.
    runLanguageCheck({ lang: "ru", search: "?lang=fr", languages: ["ru"] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readValue(storageKeys.language)).toBe("kk");
  });

  it("shows the page as the server sent it when IndexedDB never answers", () => {
    vi.useFakeTimers();
    try {
      const never = () => new Promise<never>(() => {});
      globalThis.indexedDB = {
        databases: never,
        open: () => ({}) as IDBOpenDBRequest,
      } as unknown as IDBFactory;
      const page = runLanguageCheck({ lang: "en", languages: ["ru-RU"] });
      vi.advanceTimersByTime(1000);
      expect(page.classes.has("language-pending")).toBe(true);
      vi.advanceTimersByTime(2000);
      expect(page.classes.size).toBe(0);
      expect(page.hiddenEvents).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves a page the server chose by a ?lang= link or the cookie as it is", async () => {
    await writeValue(storageKeys.language, "ru");
    for (const sent of [
      { lang: "kk", search: "?lang=kk", languages: ["ru"] },
      { lang: "az", cookie: "theme=dark; dauys-language=az", languages: ["ru"] },
    ]) {
      const page = runLanguageCheck(sent);
      expect(page.classes.size).toBe(0);
      expect(page.hiddenEvents).toEqual([]);
    }
  });
});
