// Prompt templates (SPEC §3): `<dataDir>/prompts/NAME.md`. A message `/NAME args` becomes the template
// with the args substituted: $ARGUMENTS and $@ take all of them, $1..$9 one each (missing ones are empty).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A name maps to a file directly, so anything that could leave the folder (/, .., \) is not a name. */
const COMMAND = /^\/([A-Za-z0-9][\w-]*)(?:\s+([\s\S]*))?$/;

export interface SlashInvocation {
  name: string;
  /** Everything after the name, as typed (trimmed). */
  rest: string;
}

export function parseSlashInvocation(text: string): SlashInvocation | undefined {
  const match = COMMAND.exec(text.trim());
  if (!match?.[1]) return undefined;
  return { name: match[1], rest: (match[2] ?? '').trim() };
}

/** Splits like a shell does, just enough for prompts: whitespace separates, quotes group. */
export function parseArgs(rest: string): string[] {
  const args: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const match of rest.matchAll(pattern)) args.push(match[1] ?? match[2] ?? match[3] ?? '');
  return args;
}

/** One pass, so an argument that itself contains `$1` is not substituted again. */
export function substituteArgs(template: string, args: readonly string[]): string {
  return template.replace(/\$(ARGUMENTS|@|[1-9])/g, (_, key: string) =>
    key === 'ARGUMENTS' || key === '@' ? args.join(' ') : (args[Number(key) - 1] ?? ''),
  );
}

/** The names of the templates in the folder that `/NAME` can invoke, sorted. */
export function listTemplates(promptsDir: string): string[] {
  let files: string[];
  try {
    files = readdirSync(promptsDir);
  } catch {
    return []; // no prompts folder yet
  }
  return files
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.slice(0, -3))
    .filter((name) => parseSlashInvocation(`/${name}`)?.name === name)
    .sort();
}

/** The template's text, or undefined when there is no such template (or it cannot be read). */
export function readTemplate(promptsDir: string, name: string): string | undefined {
  try {
    return readFileSync(join(promptsDir, `${name}.md`), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The text to send for what the user typed: the expanded template for `/NAME args` when NAME.md exists,
 * else the text unchanged (an unknown `/word` is an ordinary message). Read on each use, so an edited
 * template applies at once.
 */
export function expandPromptTemplate(text: string, promptsDir: string): string {
  const invocation = parseSlashInvocation(text);
  if (!invocation) return text;
  const template = readTemplate(promptsDir, invocation.name);
  return template === undefined ? text : substituteArgs(template, parseArgs(invocation.rest));
}
