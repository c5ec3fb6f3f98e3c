/** Languages written right to left among those a recognizer may report (product spec §5). */
const rightToLeftLanguages: ReadonlySet<string> = new Set(["ar-sa", "fa-ir", "ur-pk"]);

export type TextDirection = "rtl" | "ltr";

/** The writing direction of text in `languageCode`: rtl for ar-SA, fa-IR and ur-PK, else ltr. */
export function textDirectionOf(languageCode: string): TextDirection {
  return rightToLeftLanguages.has(languageCode.toLowerCase()) ? "rtl" : "ltr";
}
