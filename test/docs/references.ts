// References that point into docs/spec.md ("SPEC §4.1 step 8", `SPEC §4.2 "Auto-handoff"`) or at another doc
// (Markdown links, mentions like `docs/handoff.md`), each checked against what its target really contains.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { anchors, numberedSections } from './markdownHeadings';

export const SPEC_PATH = 'docs/spec.md';

/** A repository file's text by its path from the root ('' for a folder), or undefined when it does not exist. */
export type ReadFile = (path: string) => string | undefined;

/** `§4`, `§4.1`, then optionally ` step 8` and optionally ` "a phrase of that section"`. */
const SECTION_REFERENCE = /§\s?(\d+(?:\.\d+)*)(?:\s+step\s+(\d+))?(?:\s+"([^"\n]+)")?/g;
/** The target of `[text](target)` or `[text](<target> "title")`. */
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** A path like `docs/handoff.md#states` in prose or a comment (not the target of a link, checked as one). */
const DOCS_MENTION = /(?<![\w./(-])docs\/[\w./-]*\w\.md(?:#[\w-]+)?/g;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** Returns a checker that lists, as `file:line: reference: why`, each reference in a file that does not resolve. */
export function referenceChecker(read: ReadFile): (path: string, text: string) => string[] {
  const spec = numberedSections(read(SPEC_PATH) ?? '');

  const sectionProblem = (number: string, step?: string, phrase?: string): string | null => {
    const body = spec.get(number);
    if (body === undefined) return `${SPEC_PATH} has no section ${number}`;
    const section = `section ${number} of ${SPEC_PATH}`;
    if (step && !new RegExp(`^\\s*${step}\\.\\s`, 'm').test(body)) return `${section} has no step ${step}`;
    if (phrase && !body.toLowerCase().includes(phrase.toLowerCase())) return `${section} never says "${phrase}"`;
    return null;
  };

  const linkProblem = (target: string): string | null => {
    const [file = '', anchor] = target.split('#');
    const text = read(file);
    if (text === undefined) return `${file} does not exist`;
    if (anchor && !anchors(text).has(anchor)) return `${file} has no heading #${anchor}`;
    return null;
  };

  return (path, text) => {
    const problems: string[] = [];
    text.split('\n').forEach((line, index) => {
      const report = (reference: string, problem: string | null) => {
        if (problem) problems.push(`${path}:${index + 1}: ${reference}: ${problem}`);
      };
      for (const [reference, number, step, phrase] of line.matchAll(SECTION_REFERENCE)) {
        report(reference, sectionProblem(number!, step, phrase));
      }
      for (const [mention] of line.matchAll(DOCS_MENTION)) report(mention, linkProblem(mention));
      if (!path.endsWith('.md')) return;
      for (const [, target] of line.matchAll(MARKDOWN_LINK)) {
        if (HAS_SCHEME.test(target!) || target!.startsWith('/')) continue;
        const resolved = target!.startsWith('#') ? path + target : posix.join(posix.dirname(path), target!);
        report(target!, linkProblem(resolved));
      }
    });
    return problems;
  };
}

/** Where code and docs live; generated and installed folders are not ours to check. */
const SCANNED = [
  'shared', 'electron', 'renderer', 'test', 'e2e', 'e2e-electron', 'bench', 'scripts', 'docs', 'README.md',
];
const SKIPPED_FOLDERS = new Set(['node_modules', 'out', 'dist', 'test-results', 'playwright-report']);
const SOURCE_OR_DOC = /\.(ts|tsx|mts|cts|js|mjs|cjs|md)$/;

/** Source and doc files of the repository, as paths from the root with `/` separators. */
export function repositoryFiles(root: string): string[] {
  const walk = (path: string): string[] => {
    if (!statSync(join(root, path)).isDirectory()) return SOURCE_OR_DOC.test(path) ? [path] : [];
    return readdirSync(join(root, path))
      .filter((name) => !name.startsWith('.') && !SKIPPED_FOLDERS.has(name))
      .flatMap((name) => walk(posix.join(path, name)));
  };
  return SCANNED.filter((path) => existsSync(join(root, path))).flatMap(walk);
}

export function readFromDisk(root: string): ReadFile {
  return (path) => {
    const full = join(root, path);
    if (path.startsWith('..') || !existsSync(full)) return undefined; // outside the repository a clone has nothing
    return statSync(full).isDirectory() ? '' : readFileSync(full, 'utf8');
  };
}
