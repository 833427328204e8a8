/** A product description line: "Label: value" lines get a tick and a bold label (spec §2). */
export type DescriptionLine =
  | { kind: "labelled"; label: string; value: string }
  | { kind: "text"; text: string };

const LABELLED = /^([^:]{1,40}):\s*(\S.*)$/;

/** Plain text in, lines out; never HTML. Blank lines are dropped. */
export function parseDescription(description: string): DescriptionLine[] {
  const lines: DescriptionLine[] = [];
  for (const raw of description.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const m = LABELLED.exec(line);
    const label = m?.[1]?.trim();
    const value = m?.[2]?.trim();
    // "http://x" or "Note:  " are not labels: a label has no URL scheme and a value follows.
    if (label && value && !/^https?$/i.test(label) && !value.startsWith("//")) {
      lines.push({ kind: "labelled", label, value });
    } else {
      lines.push({ kind: "text", text: line });
    }
  }
  return lines;
}

/** The first words of a description as one plain line, for meta descriptions. */
export function summary(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
