import { describe, expect, it } from "vitest";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { withKioskDialogWords } from "@/features/kiosk/kiosk-dialog-words";
import { activateLanguage } from "@/lib/i18n";

describe("the kiosk dialogs' words", () => {
  it("come with the dialogs' code, not with every page's first load, in this and every later language", async () => {
    const stillThere = msg`Are you still there?`;
    await activateLanguage("kk");
    expect(i18n._(stillThere)).not.toBe("Сіз әлі осындасыз ба?");
    const dialog = await withKioskDialogWords({ default: "the countdown's code" });
    expect(dialog).toEqual({ default: "the countdown's code" });
    expect(i18n._(stillThere)).toBe("Сіз әлі осындасыз ба?");
    await activateLanguage("ru");
    expect(i18n._(stillThere)).toBe("Вы ещё здесь?");
  });
});
