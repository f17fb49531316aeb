// Slash commands in the composer: parsing what was typed and suggesting what could be.
export interface SlashCommand {
  name: string;
  hint: string;
  description: string;
}

export interface ParsedSlash {
  name: string;
  args: string;
}

/** "/handoff keep the API" → { name: "handoff", args: "keep the API" }; not a command → null. */
export function parseSlash(text: string): ParsedSlash | null {
  const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return null;
  return { name: match[1]!, args: (match[2] ?? '').trim() };
}

/** Suggestions while the command name is being typed ("/", "/ha"); none once arguments begin. */
export function suggestCommands(text: string, commands: readonly SlashCommand[]): SlashCommand[] {
  const match = /^\/(\S*)$/.exec(text);
  if (!match) return [];
  const typed = match[1]!.toLowerCase();
  return commands.filter((c) => c.name.toLowerCase().startsWith(typed));
}

/** The composer text after picking a command: ready for its arguments when it takes any. */
export function completeCommand(command: SlashCommand): string {
  return command.hint ? `/${command.name} ` : `/${command.name}`;
}

/** Commands come with or without their leading slash; the renderer keeps names bare. */
export function normalizeCommand(command: SlashCommand): SlashCommand {
  return { ...command, name: command.name.replace(/^\//, '') };
}
