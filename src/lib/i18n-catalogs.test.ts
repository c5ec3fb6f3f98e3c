import { describe, expect, it } from "vitest";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Messages } from "@lingui/core";
import { activateLanguage, loadCatalogParts, withOwnCatalogPart } from "@/lib/i18n";

// A message of Talk (its own catalog) and one of the main catalog.
const talkMessage = msg`Phrase board`;
const mainMessage = msg`Skip to content`;
// A message of Talk's panels under the board (a catalog part of their own).
const historyEmpty = msg`Nothing said yet.`;
// A message of the recognition page's alerts (a part whose loaders come with its code).
const noSpeech = msg`No speech was heard, so recording has stopped. Press Start recording and speak again.`;
// A message of the lessons (Recovery's own catalog).
const lessonMessage = msg`A long, even exhale through a straw trains the breath control that longer phrases need.`;

describe("catalogs loaded with the routes that need them", () => {
  it("has a feature's messages only once a route asks for them, in this and every later language", async () => {
    await activateLanguage("ru");
    expect(i18n._(mainMessage)).toBe("Перейти к содержимому");
    // Talk's catalog is not part of the first load of other pages.
    expect(i18n._(talkMessage)).not.toBe("Доска фраз");

    await loadCatalogParts(["talk"]);
    expect(i18n._(talkMessage)).toBe("Доска фраз");

    // A language chosen later comes with the catalogs asked for so far.
    await activateLanguage("kk");
    expect(i18n._(talkMessage)).toBe("Сөз тіркестері тақтасы");
  });

  it("loads a route's catalogs asked for while the language was still being chosen", async () => {
    const choosing = activateLanguage("uz");
    await loadCatalogParts(["lessons"]);
    await choosing;
    expect(i18n.locale).toBe("uz");
    expect(i18n._(lessonMessage)).toBe(
      "Naycha orqali uzoq va bir tekis nafas chiqarish uzun iboralar uchun zarur boʻlgan nafasni boshqarishni mashq qildiradi.",
    );
  });

  it("loads a part whose loaders came with its code, in this and every later language", async () => {
    await activateLanguage("ru");
    expect(i18n._(noSpeech)).not.toMatch(/^Речь/);
    const module = await withOwnCatalogPart(
      "recognition-problems",
      import.meta.glob<{ messages: Messages }>("/locales/*/recognition-problems.po"),
      Promise.resolve("the alert's code"),
    );
    expect(module).toBe("the alert's code");
    expect(i18n._(noSpeech)).toBe(
      "Речь не была услышана, поэтому запись остановлена. Нажмите «Начать запись» и говорите снова.",
    );
    await activateLanguage("kk");
    expect(i18n._(noSpeech)).toBe(
      "Сөз естілмеді, сондықтан жазу тоқтатылды. «Жазуды бастау» түймесін басып, қайта сөйлеңіз.",
    );
  });

  it("has the adaptive-audio panel's words with its own part, not with the page's catalogs", async () => {
    const createAudio = msg`Create audio`;
    await activateLanguage("ru");
    await loadCatalogParts(["recognition", "speech-synthesis"]);
    expect(i18n._(createAudio)).not.toBe("Создать аудио");
    await withOwnCatalogPart(
      "recognition-audio",
      import.meta.glob<{ messages: Messages }>("/locales/*/recognition-audio.po"),
      Promise.resolve(),
    );
    expect(i18n._(createAudio)).toBe("Создать аудио");
  });

  it("has the service worker's notices' words with their own part, not with every page's first load", async () => {
    // Also in the main catalog, for Try again after a load failure (components/try-again-button.tsx).
    const updating = msg`Updating the app…`;
    const newVersion = msg`A new version is available`;
    await activateLanguage("ru");
    expect(i18n._(newVersion)).not.toBe("Доступна новая версия");
    await withOwnCatalogPart(
      "app-updates",
      import.meta.glob<{ messages: Messages }>("/locales/*/app-updates.po"),
      Promise.resolve(),
    );
    expect(i18n._(updating)).toBe("Приложение обновляется…");
    expect(i18n._(newVersion)).toBe("Доступна новая версия");
  });

  it("adds a part's messages without re-rendering what is on screen (no change event)", async () => {
    await activateLanguage("ky");
    let changes = 0;
    const stop = i18n.on("change", () => changes++);
    await loadCatalogParts(["marketing", "talk-panels"]);
    stop();
    expect(changes).toBe(0);
    expect(i18n._(mainMessage)).toBe("Мазмунга өтүү");
    expect(i18n._(historyEmpty)).toBe("Азырынча эч нерсе айтыла элек.");

    // A change of language does tell the page.
    const again = i18n.on("change", () => changes++);
    await activateLanguage("az");
    again();
    expect(changes).toBeGreaterThan(0);
    expect(i18n._(historyEmpty)).toBe("Hələ heç nə deyilməyib.");
  });
});
