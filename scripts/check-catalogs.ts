/**
 * Fails when the catalogs are stale (the code has messages the catalogs lack, or the catalogs
 * keep messages the code no longer has) or when any language lacks a translation.
 * Run by `npm test`; fix with `npm run extract` and then translate what is new.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { languageCodes as locales } from "../src/shared/languages.ts";
import { entryKey, parsePo } from "./po.ts";

const catalogPath = (locale: string) => `locales/${locale}/messages.po`;
const messageKeys = (locale: string) =>
  new Set(
    parsePo(readFileSync(catalogPath(locale), "utf8"))
      .filter((entry) => entry.msgid !== "" && !entry.obsolete)
      .map(entryKey),
  );

const before = messageKeys("en");
const snapshot = new Map(locales.map((locale) => [locale, readFileSync(catalogPath(locale))]));
execFileSync("lingui", ["extract", "--clean"], { stdio: "ignore" });
const after = messageKeys("en");

const problems: string[] = [];
const added = [...after].filter((key) => !before.has(key));
const removed = [...before].filter((key) => !after.has(key));
if (added.length || removed.length) {
  problems.push(
    `Catalogs are stale: ${added.length} new and ${removed.length} unused messages. ` +
      `Run "npm run extract", translate, and commit the catalogs.`,
  );
  for (const key of added) problems.push(`  new: ${key.split("\u0004")[1]}`);
  for (const key of removed) problems.push(`  unused: ${key.split("\u0004")[1]}`);
}

for (const locale of locales.filter((code) => code !== "en")) {
  const missing = parsePo(readFileSync(catalogPath(locale), "utf8")).filter(
    (entry) => entry.msgid !== "" && !entry.obsolete && entry.msgstr.trim() === "",
  );
  if (missing.length) {
    problems.push(`${catalogPath(locale)}: ${missing.length} messages without a translation`);
    for (const entry of missing.slice(0, 10)) problems.push(`  ${entry.msgid}`);
  }
}

if (problems.length) {
  console.error(problems.join("\n"));
  process.exitCode = 1;
} else {
  // Extraction only rewrote the creation date: keep the committed files untouched.
  for (const [locale, content] of snapshot) writeFileSync(catalogPath(locale), content);
  console.log(`Catalogs are up to date and complete in ${locales.length} languages.`);
}
