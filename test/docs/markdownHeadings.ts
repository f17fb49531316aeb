// The headings of a Markdown file as references reach them: numbered sections ("## 4.", "### 4.1") for
// SPEC §n references, and the anchors GitHub gives headings for `file.md#anchor` links.

interface Heading {
  level: number;
  text: string;
  /** 0-based line index. */
  line: number;
}

/** ATX headings outside fenced code blocks (a `# comment` in a shell example is not a heading). */
export function headings(markdown: string): Heading[] {
  const found: Heading[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((line, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return;
    }
    if (fence !== null) return;
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) found.push({ level: heading[1]!.length, text: heading[2]!, line: index });
  });
  return found;
}

/** Each numbered heading's number ("4", "4.1") mapped to its text, up to the next heading of its level or above. */
export function numberedSections(markdown: string): Map<string, string> {
  const lines = markdown.split('\n');
  const all = headings(markdown);
  const sections = new Map<string, string>();
  all.forEach((heading, index) => {
    const number = /^(\d+(?:\.\d+)*)\.?\s/.exec(heading.text)?.[1];
    if (!number) return;
    const end = all.slice(index + 1).find((next) => next.level <= heading.level)?.line ?? lines.length;
    sections.set(number, lines.slice(heading.line, end).join('\n'));
  });
  return sections;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor of the file; a repeated heading gets -1, -2, … as on GitHub. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const heading of headings(markdown)) {
    const base = slug(heading.text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}
