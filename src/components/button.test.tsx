/**
 * A button that keeps the room of its other label (`roomFor`): both labels laid out in one grid
 * cell, the other hidden from sight and from a screen reader, so the button is as big as the
 * longer one whichever it shows and is named by the one it shows. (That its box keeps its size is
 * measured in the browser: contact.spec.ts, staff.spec.ts, talk.spec.ts, talk-scanning.spec.ts,
 * recognition.spec.ts.)
 */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Button } from "@/components/button";
import { buttonsOf, undrawnTexts } from "@/components/unseen-text.test-support";

const drawn = (label: string, roomFor?: string) => {
  const [only] = buttonsOf(renderToStaticMarkup(<Button roomFor={roomFor}>{label}</Button>));
  return only!;
};

describe("a button's label", () => {
  it("is read as the label shown, with the other it keeps room for laid out unseen and unread", () => {
    for (const [shown, other] of [
      ["Отправить сообщение", "Отправка…"],
      ["Отправка…", "Отправить сообщение"],
    ] as const) {
      const { button, name } = drawn(shown, other);
      expect(name).toBe(shown);
      expect(undrawnTexts(button)).toEqual([other]);
    }
  });

  it("shares one grid cell with the other label", () => {
    const { button } = drawn("Изменить доску", "Готово");
    expect(button).toContain('<span style="display:grid;align-items:center">');
    expect(button.match(/grid-area:1\/1/g)).toHaveLength(2);
  });

  it("is the plain label when there is no other", () => {
    const { button, name } = drawn("Play");
    expect(name).toBe("Play");
    expect(button).not.toContain("grid");
  });
});
