import { contactFieldNames, type ContactFields } from "@/shared/contact-validation";

/**
 * What the visitor typed into a prerendered form before the app took it over (the page works
 * without its scripts), read from the fields themselves: the form's values from then on, or null
 * when the fields hold what the form already has. A field that cannot be read keeps its value.
 */
export function fieldsTypedBeforeStart(
  current: ContactFields,
  readField: (field: keyof ContactFields) => string | undefined,
): ContactFields | null {
  const typed = { ...current };
  let changed = false;
  for (const field of contactFieldNames) {
    const value = readField(field);
    if (value === undefined || value === current[field]) continue;
    typed[field] = value;
    changed = true;
  }
  return changed ? typed : null;
}

/**
 * The prerendered page's fields as the app first renders the form, while the app is starting
 * (`data-app-starting` on #root), or nothing. When the app draws the page afresh rather than
 * taking it over (the saved language is not the page's, a kiosk), those fields are gone by its
 * first layout effect, with what was typed in them; a form mounted later must not take the
 * fields of one it replaces (a kiosk's reset).
 */
export function readPrerenderedFields(root = globalThis.document?.getElementById("root")) {
  const fields: Partial<ContactFields> = {};
  if (!root?.hasAttribute("data-app-starting")) return fields;
  for (const field of contactFieldNames) {
    const element = root.querySelector<HTMLInputElement>(`#contact-${field}`);
    if (element) fields[field] = element.value;
  }
  return fields;
}
