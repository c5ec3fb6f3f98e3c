/**
 * Reading markup drawn on the server for text that keeps its room: what a screen reader names,
 * and what is laid out but neither drawn nor read (a button's `roomFor`, the teaching dialog's
 * status line).
 */

/** The markup without Emotion's `<style>` elements, which come inline with what they style. */
export const withoutStyles = (markup: string) =>
  markup.replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");

/** Text as a screen reader reads `markup`: without the parts hidden from it. */
export const nameOf = (markup: string) =>
  withoutStyles(markup)
    .replace(/<([a-z]+)[^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/\1>/g, "")
    .replace(/<[^>]+>/g, "")
    .trim();

/**
 * The texts in `markup` that are laid out but not drawn nor read: aria-hidden, and hidden by
 * their inline style or by a class that `markup`'s styles make `visibility: hidden`.
 */
export function undrawnTexts(markup: string): string[] {
  const hiddenBy = (attributes: string) =>
    /style="[^"]*visibility:hidden/.test(attributes) ||
    (/class="([^"]*)"/.exec(attributes)?.[1] ?? "")
      .split(" ")
      .some((name) => new RegExp(`\\.${name}\\{[^}]*visibility:hidden`).test(markup));
  return [...withoutStyles(markup).matchAll(/<([a-z]+) ([^>]*)>([^<]*)<\/\1>/g)]
    .filter(([, , attributes]) => attributes!.includes('aria-hidden="true"'))
    .filter(([, , attributes]) => hiddenBy(attributes!))
    .map(([, , , text]) => text!);
}

/** The `<button>` elements of `markup`, whole, with their text as a screen reader names them. */
export function buttonsOf(markup: string) {
  return [...markup.matchAll(/<button[^>]*>[\s\S]*?<\/button>/g)].map(([button]) => ({
    button,
    name: nameOf(button),
  }));
}
