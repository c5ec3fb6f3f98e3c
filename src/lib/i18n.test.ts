import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isLanguageCode, readStartLanguage } from "@/lib/i18n";
import { onStorageError, resetStorageForTests, storageKeys, writeValue } from "@/lib/storage";

describe("language preference", () => {
  beforeEach(() => {
    // A fresh, empty IndexedDB for each test; the storage module reopens it.
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("starts in the browser's language when nothing is saved, and the saved one wins", async () => {
    vi.stubGlobal("navigator", { languages: ["fr-FR", "ky-KG", "ru"] });
    expect((await readStartLanguage()).code).toBe("ky");
    await writeValue(storageKeys.language, "ru");
    resetStorageForTests();
    expect((await readStartLanguage()).code).toBe("ru");
  });

  it("takes a ?lang= link over the saved choice, and the cookie when nothing is saved", async () => {
    vi.stubGlobal("navigator", { languages: ["ky-KG"] });
    vi.stubGlobal("document", { cookie: "theme=dark; dauys-language=uz" });
    expect(await readStartLanguage()).toEqual({ code: "uz", from: "cookie" });
    await writeValue(storageKeys.language, "ru");
    expect(await readStartLanguage("kk")).toEqual({ code: "kk", from: "link" });
    expect(await readStartLanguage("fr")).toEqual({ code: "ru", from: "saved" });
  });

  it("falls back to English when nothing is saved", async () => {
    vi.stubGlobal("navigator", { languages: ["fr-FR"] });
    expect((await readStartLanguage()).code).toBe("en");
  });

  it("restores each of the six saved languages", async () => {
    for (const code of ["en", "ru", "az", "kk", "ky", "uz"]) {
      await writeValue(storageKeys.language, code);
      resetStorageForTests();
      expect((await readStartLanguage()).code).toBe(code);
    }
  });

  it("ignores a saved value that is not one of the six languages", async () => {
    await writeValue(storageKeys.language, "fr");
    resetStorageForTests();
    expect((await readStartLanguage()).code).toBe("en");
    await writeValue(storageKeys.language, { code: "ru" });
    expect((await readStartLanguage()).code).toBe("en");
  });

  it("recognises only the six codes", () => {
    expect(isLanguageCode("kk")).toBe(true);
    expect(isLanguageCode("kk-KZ")).toBe(false);
    expect(isLanguageCode(undefined)).toBe(false);
  });
});

describe("without IndexedDB", () => {
  it("still remembers the choice for this session and reports that it is not saved", async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error: simulating a browser without IndexedDB
    delete globalThis.indexedDB;
    resetStorageForTests();
    const errors: unknown[] = [];
    const stop = onStorageError((error) => errors.push(error));
    try {
      expect(await writeValue(storageKeys.language, "ky")).toBe(false);
      expect((await readStartLanguage()).code).toBe("ky");
      expect(errors).toHaveLength(1);
    } finally {
      stop();
      globalThis.indexedDB = saved;
      resetStorageForTests();
    }
  });
});
