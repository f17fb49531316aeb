// The slash commands the composer lists: the built-ins, then the user's prompt templates.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SlashCommand {
  name: string;
  hint: string;
  description: string;
}

const BUILT_IN: SlashCommand[] = [
  { name: 'handoff', hint: '[focus instructions]', description: 'Hand off to a fresh session seeded with a handoff document' },
  { name: 'new', hint: '', description: 'Start a new session' },
];

export function slashCommands(promptsDir: string): SlashCommand[] {
  return [...BUILT_IN, ...templateCommands(promptsDir)];
}

function templateCommands(promptsDir: string): SlashCommand[] {
  let files: string[];
  try {
    files = readdirSync(promptsDir).filter((f) => f.endsWith('.md'));
  } catch {
    return []; // no prompts folder yet
  }
  return files.sort().map((file) => ({
    name: file.slice(0, -3),
    hint: '[args]',
    description: firstLine(join(promptsDir, file)),
  }));
}

function firstLine(path: string): string {
  try {
    return readFileSync(path, 'utf8').split('\n').find((l) => l.trim())?.trim().slice(0, 80) ?? 'Prompt template';
  } catch {
    return 'Prompt template';
  }
}
