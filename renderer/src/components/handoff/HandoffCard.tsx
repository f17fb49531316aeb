// The handoff context a session was started with: titled with the parent (a click opens it), and
// collapsible, since the document can be long; Export document saves it as Markdown.
import { useId, useState } from 'react';
import { texts } from '../../../../shared/texts';
import { parentTitle } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { Markdown } from '../chat/Markdown';

export function HandoffCard({ document, entryId }: { document: string; entryId: string }) {
  const parentId = useBaton((s) => s.session?.header.parentSession);
  const title = useBaton(parentTitle);
  const openSession = useBaton((s) => s.openSession);
  const exportDocument = useBaton((s) => s.exportDocument);
  const [expanded, setExpanded] = useState(true);
  const bodyId = useId();
  return (
    <article data-testid="message" className="handoff-card" aria-label="Handoff context">
      <div className="handoff-card-header">
        <button type="button" className="link-button" disabled={!parentId} onClick={() => parentId && void openSession(parentId)}>
          {texts.continuedFrom(title)}
        </button>
        <span className="handoff-card-actions">
          <button type="button" className="subtle-button" onClick={() => void exportDocument(entryId)}>
            Export document
          </button>
          <button type="button" className="subtle-button" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Hide context' : 'Show context'}
          </button>
        </span>
      </div>
      {/* Focusable because it scrolls: keyboard users must be able to read all of it. */}
      <div id={bodyId} className="handoff-card-body" hidden={!expanded} tabIndex={0}>
        <Markdown text={document} />
      </div>
    </article>
  );
}
