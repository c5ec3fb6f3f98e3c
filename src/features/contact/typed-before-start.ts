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
