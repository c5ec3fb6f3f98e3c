/**
 * A small reader and writer for the PO catalogs Lingui writes: enough to check that catalogs
 * are complete and to merge translations, without pulling in a PO library.
 */
export type PoEntry = {
  comments: string[];
  msgctxt?: string;
  msgid: string;
  msgstr: string;
  obsolete: boolean;
};

function unquote(line: string): string {
  const body = line.slice(line.indexOf('"') + 1, line.lastIndexOf('"'));
  return body.replace(/\\(.)/g, (_, ch: string) =>
    ch === "n" ? "\n" : ch === "t" ? "\t" : ch === "r" ? "\r" : ch,
  );
}

function quote(value: string): string {
  return `"${value
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/\n/g, "\\n")
    .replace(/\t/g, "\\t")}"`;
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let entry: PoEntry | null = null;
  let field: "msgctxt" | "msgid" | "msgstr" | null = null;
  const flush = () => {
    if (entry) entries.push(entry);
    entry = null;
    field = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const obsolete = raw.startsWith("#~");
    const line = obsolete ? raw.slice(2).trimStart() : raw;
    if (line.trim() === "") {
      flush();
      continue;
    }
    entry ??= { comments: [], msgid: "", msgstr: "", obsolete };
    if (!obsolete && line.startsWith("#")) {
      if (field) {
        flush();
        entry = { comments: [], msgid: "", msgstr: "", obsolete };
      }
      entry.comments.push(line);
    } else if (line.startsWith("msgctxt ")) {
      field = "msgctxt";
      entry.msgctxt = unquote(line);
    } else if (line.startsWith("msgid ")) {
      field = "msgid";
      entry.msgid = unquote(line);
    } else if (line.startsWith("msgstr ")) {
      field = "msgstr";
      entry.msgstr = unquote(line);
    } else if (line.startsWith('"') && field) {
      entry[field] = (entry[field] ?? "") + unquote(line);
    }
  }
  flush();
  return entries;
}

export function serializePo(entries: PoEntry[]): string {
  return (
    entries
      .map((entry) => {
        const lines = [...entry.comments];
        if (entry.msgctxt !== undefined) lines.push(`msgctxt ${quote(entry.msgctxt)}`);
        lines.push(`msgid ${quote(entry.msgid)}`);
        if (entry.msgid === "" && entry.msgstr.includes("\n")) {
          lines.push('msgstr ""');
          for (const part of entry.msgstr.split(/(?<=\n)/)) lines.push(quote(part));
        } else {
          lines.push(`msgstr ${quote(entry.msgstr)}`);
        }
        return lines.join("\n");
      })
      .join("\n\n") + "\n"
  );
}

/** The key Lingui uses to tell messages apart: context plus source text. */
export function entryKey(entry: Pick<PoEntry, "msgctxt" | "msgid">): string {
  return `${entry.msgctxt ?? ""}\u0004${entry.msgid}`;
}
