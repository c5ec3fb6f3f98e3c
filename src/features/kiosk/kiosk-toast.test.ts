import { describe, expect, it } from "vitest";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { withWords } from "@/features/kiosk/kiosk-toast";
import { activateLanguage } from "@/lib/i18n";

describe("the kiosk notices' words", () => {
  it("come with the toast's code, not with every page's first load, in this and every later language", async () => {
    const ready = msg`Ready for the next person.`;
    await activateLanguage("kk");
    expect(i18n._(ready)).toBe("Ready for the next person.");
    const toast = await withWords({ default: "the toast's code" });
    expect(toast).toEqual({ default: "the toast's code" });
    expect(i18n._(ready)).toBe("Келесі адамға дайын.");
    await activateLanguage("ru");
    expect(i18n._(ready)).toBe("Готово для следующего человека.");
  });
});
