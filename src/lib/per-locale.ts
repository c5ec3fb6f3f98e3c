/**
 * A value made once per language and kept, for `Intl` formats: making one loads the language's
 * data and costs a slow phone a long task (issue 22), while a list may need one on every row
 * and every drawing.
 */
export function perLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}
