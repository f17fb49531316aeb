// Claude's reasoning, collapsed to one line until asked for (SPEC §3 "Thinking"). The text is rendered
// only when shown: a long session keeps a lot of it.
import { useId, useState } from 'react';
import { uiTexts } from '../../texts';
import { Markdown } from './Markdown';

export function ThinkingSection({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  return (
    <div className="thinking">
      <button type="button" className="thinking-toggle" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded(!expanded)}>
        Thinking
      </button>
      <div id={bodyId} className="thinking-body" hidden={!expanded}>
        {expanded && <Markdown text={text} />}
      </div>
    </div>
  );
}

/** Reasoning the API sent encrypted: kept and sent back, but there is nothing to read. */
export function RedactedThinking() {
  return (
    <p className="thinking-redacted" title={uiTexts.thinkingRedactedTitle}>
      {uiTexts.thinkingRedacted}
    </p>
  );
}
