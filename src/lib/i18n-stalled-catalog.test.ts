import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { activateLanguage, loadCatalogParts } from "@/lib/i18n";

// A flaky connection that leaves the requests for two catalogs unanswered: Azerbaijani's main
// catalog, and Russian's lessons (Recovery's own catalog).
vi.mock("/locales/az/messages.po", () => new Promise(() => {}));
vi.mock("/locales/ru/lessons.po", () => new Promise(() => {}));

const mainMessage = msg`Skip to content`;

afterEach(() => {
  vi.useRealTimers();
});

describe("catalogs that never come", () => {
  it("a language whose texts never come fails in the end, and the page stays in its language", async () => {
    await activateLanguage("ru");
    vi.useFakeTimers();
    const choosing = activateLanguage("az");
    const failed = expect(choosing).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(60_000);
    await failed;
    expect(i18n.locale).toBe("ru");
    expect(i18n._(mainMessage)).toBe("Перейти к содержимому");
    // What waits for the language (a route's catalogs) is not held for good either.
    vi.useRealTimers();
    await loadCatalogParts(["talk"]);
  });

  it("a route whose catalog never comes fails in the end (its error offers to try again)", async () => {
    await activateLanguage("ru");
    vi.useFakeTimers();
    const loading = loadCatalogParts(["lessons"]);
    const failed = expect(loading).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(60_000);
    await failed;
  });
});
