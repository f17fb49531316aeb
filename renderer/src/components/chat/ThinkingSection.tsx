// Claude's reasoning, collapsed to one line until asked for (SPEC §3 "Thinking"). The text is rendered
// only when shown: a long session keeps a lot of it.
import { useId, useState } from 'react';
import { uiTexts } from '../../texts';
import { Markdown } from './Markdown';
import { useLanguage, useT } from '../../hooks/useLanguage';

export function ThinkingSection({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  const t = useT();
  return (
    <div className="thinking">
      <button type="button" className="thinking-toggle" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded(!expanded)}>
        {t('chat.thinking')}
      </button>
      <div id={bodyId} className="thinking-body" hidden={!expanded}>
        {expanded && <Markdown text={text} />}
      </div>
    </div>
  );
}

/** Reasoning the API sent encrypted: kept and sent back, but there is nothing to read. */
export function RedactedThinking() {
  useLanguage(); // its texts are read in the language of the moment: render again when it changes
  return (
    <p className="thinking-redacted" title={uiTexts.thinkingRedactedTitle}>
      {uiTexts.thinkingRedacted}
    </p>
  );
}
