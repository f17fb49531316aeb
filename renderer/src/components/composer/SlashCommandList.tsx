import type { SlashCommand } from '../../lib/slashCommands';
import { useT } from '../../hooks/useLanguage';

interface Props {
  id: string;
  commands: SlashCommand[];
  active: number;
  onPick: (command: SlashCommand) => void;
}

export function SlashCommandList({ id, commands, active, onPick }: Props) {
  const t = useT();
  return (
    <ul id={id} role="listbox" aria-label={t('composer.slashCommands')} className="slash-list">
      {commands.map((command, i) => (
        <li
          key={command.name}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          className={i === active ? 'slash-option active' : 'slash-option'}
          // Keep focus in the textbox: picking with the mouse must not blur it first.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(command)}
        >
          <span className="slash-name">/{command.name}</span>
          {command.hint && <span className="slash-hint"> {command.hint}</span>}
          <span className="slash-description">{command.description}</span>
        </li>
      ))}
    </ul>
  );
}
