// A tool call's input: each field on its own line; a long value folded to its beginning with Show all,
// so a call that writes a whole file still leaves the card's buttons in view.
import { useState } from 'react';
import { useT } from '../../hooks/useLanguage';

const FOLD_CHARS = 300;

export function ToolInput({ input }: { input: unknown }) {
  const t = useT();
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return <FoldedValue text={JSON.stringify(input, null, 2) ?? ''} />;
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length === 0) return <p className="tool-input-empty">{t('chat.noInput')}</p>;
  return (
    <dl className="tool-input">
      {entries.map(([key, value]) => (
        <div key={key} className="tool-input-field">
          <dt>{key}</dt>
          <dd>
            <FoldedValue text={typeof value === 'string' ? value : JSON.stringify(value, null, 2)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function FoldedValue({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const long = text.length > FOLD_CHARS;
  return (
    <>
      <pre className="tool-value">{long && !open ? `${text.slice(0, FOLD_CHARS)}…` : text}</pre>
      {long && (
        <button type="button" className="link-button" onClick={() => setOpen(!open)}>
          {open ? t('chat.showLess') : t('chat.showAll', { count: text.length })}
        </button>
      )}
    </>
  );
}
