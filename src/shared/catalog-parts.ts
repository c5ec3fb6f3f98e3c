/**
 * The catalogs of messages beside the main one: each holds the messages of one feature, which
 * only the routes that show it load (lingui.config.ts, src/lib/i18n.ts).
 */
export const catalogParts = [
  "marketing",
  "talk",
  "lessons",
  "recognition",
  "speech-synthesis",
  "staff",
] as const;

export type CatalogPart = (typeof catalogParts)[number];
