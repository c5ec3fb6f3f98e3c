/**
 * The page's controls that need the app (buttons, menus, its own text boxes) are inert until it
 * is live (src/start-app.tsx lifts it): a tap on them would do nothing yet, and a choice made in
 * them would be undone as the app takes them over. Links, and the fields and button of a form
 * the browser can send itself (the contact form, `method="post"`), work without the app.
 */
export function holdAppControls(html: string): string {
  const hold = (markup: string) =>
    markup.replace(
      /<(button|select|textarea|input)\b([^>]*)>/g,
      (tag, _name, attributes: string) =>
        / disabled=""| type="hidden"/.test(attributes)
          ? tag
          : tag.replace(/(\/?)>$/, ' inert="" data-until-live=""$1>'),
    );
  return html
    .split(/(<form\b[^>]*\bmethod="post"[^>]*>[\s\S]*?<\/form>)/)
    .map((part, index) => (index % 2 === 1 ? part : hold(part)))
    .join("");
}
