/**
 * Dates and times in the interface language, where the user reads them (Talk's history, the
 * staff inbox, the kiosk's lock-out). Chromium's own locale data, which Chrome carries on phones
 * and computers alike, lacks some of Dauys' languages: an Azerbaijani, Kazakh or Uzbek date came
 * out as "2026 M12 6 18:42" (no month names), a Kyrgyz one in English ("Dec 6, 2026, 6:42 PM").
 * Where the browser lacks the language's month names, dates are written in numbers, day first,
 * on a 24-hour clock, as across the region: "06.12.2026, 18:42" (Russian's numeric pattern).
 */

/** Whether the browser has the language's own month names (and so its own date patterns). */
function hasOwnDates(locale: string): boolean {
  const months = new Intl.DateTimeFormat(locale, { month: "long" });
  const language = (tag: string) => tag.split("-")[0];
  return (
    language(months.resolvedOptions().locale) === language(locale) &&
    !/^M\d+$/.test(months.format(new Date(2026, 0, 15)))
  );
}

const inNumbers = "ru";

/**
 * One format per language, made once, as per-locale.ts makes them (a slow phone pays a long task
 * for each). Not imported from there: a chunk more for each page that shows a date, and its name
 * in the pages' first JavaScript (/talk's is at its budget).
 */
function perLanguage(make: (locale: string) => Intl.DateTimeFormat) {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (locale: string) => made.get(locale) ?? made.set(locale, make(locale)).get(locale)!;
}
const clock = { hour: "2-digit", minute: "2-digit" } as const;

/** A day and its time of day: "6 дек. 2026 г., 18:42", or "06.12.2026, 18:42". */
export const dateAndTime = perLanguage((locale) =>
  hasOwnDates(locale)
    ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" })
    : new Intl.DateTimeFormat(inNumbers, {
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
        ...clock,
      }),
);

/** A time of day: "6:42 PM" in English, "18:42" where the browser lacks the language. */
export const timeOfDay = perLanguage((locale) =>
  hasOwnDates(locale)
    ? new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" })
    : new Intl.DateTimeFormat(inNumbers, clock),
);
