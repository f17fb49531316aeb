// The slash commands the composer lists: the built-ins, then the user's prompt templates.
import type { CallOutput } from '../../shared/contract';
import { t } from '../../shared/i18n';
import { listTemplates, readTemplate } from './agent/promptTemplates';

type SlashCommand = CallOutput<'chat.commands'>[number];

// In the UI language of the moment the composer asks.
const builtIn = (): SlashCommand[] => [
  { name: 'handoff', hint: t('commands.handoffHint'), description: t('commands.handoff') },
  { name: 'new', hint: '', description: t('commands.new') },
];

export function slashCommands(promptsDir: string): SlashCommand[] {
  const templates = listTemplates(promptsDir).map((name) => ({
    name,
    hint: t('commands.templateHint'),
    description: firstLine(readTemplate(promptsDir, name)) || t('commands.template'),
  }));
  return [...builtIn(), ...templates];
}

function firstLine(text: string | undefined): string {
  return text?.split('\n').find((line) => line.trim())?.trim().slice(0, 80) ?? '';
}
