// The slash commands the composer lists: the built-ins, then the user's prompt templates.
import type { CallOutput } from '../../shared/contract';
import { listTemplates, readTemplate } from './agent/promptTemplates';

type SlashCommand = CallOutput<'chat.commands'>[number];

const BUILT_IN: SlashCommand[] = [
  { name: 'handoff', hint: '[focus instructions]', description: 'Hand off to a fresh session seeded with a handoff document' },
  { name: 'new', hint: '', description: 'Start a new session' },
];

export function slashCommands(promptsDir: string): SlashCommand[] {
  const templates = listTemplates(promptsDir).map((name) => ({
    name,
    hint: '[args]',
    description: firstLine(readTemplate(promptsDir, name)) || 'Prompt template',
  }));
  return [...BUILT_IN, ...templates];
}

function firstLine(text: string | undefined): string {
  return text?.split('\n').find((line) => line.trim())?.trim().slice(0, 80) ?? '';
}
