// The handoff context a session was started with (SPEC §4.2 "Lineage you can see"): one line — where it
// came from (a click opens the parent), whether the document has its six sections, and the context it
// saved — that expands to the whole document. Export document saves the document as Markdown.
import { useId, useMemo, useState } from 'react';
import { findMissingSections } from '../../../../shared/handoffSections';
import { texts } from '../../../../shared/texts';
import type { HandoffItem } from '../../store/chatItems';
import { parentTitle } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { formatTokens } from '../../lib/format';
import { uiTexts } from '../../texts';
import { Markdown } from '../chat/Markdown';

export function HandoffCard({ item }: { item: HandoffItem }) {
  const { document, key, contextBefore, contextAfter } = item;
  const parentId = useBaton((s) => s.session?.header.parentSession);
  const title = useBaton(parentTitle);
  const openSession = useBaton((s) => s.openSession);
  const exportDocument = useBaton((s) => s.exportDocument);
  const [expanded, setExpanded] = useState(false);
  // A match in the document opens the card, so it can be seen: Find in session's current one, or the
  // search result the session was opened at.
  const found = useBaton((s) => (s.find.open && s.find.current?.key === key) || s.chat.target?.key === key);
  const [wasFound, setWasFound] = useState(found);
  if (found !== wasFound) {
    setWasFound(found);
    if (found) setExpanded(true);
  }
  const missing = useMemo(() => findMissingSections(document), [document]);
  const bodyId = useId();
  const from = texts.continuedFrom(title);
  const sections = missing.length > 0 ? uiTexts.missingSectionsShort(missing) : uiTexts.allSections;
  return (
    <article data-testid="message" className={expanded ? 'handoff-card expanded' : 'handoff-card'} aria-label="Handoff context">
      <div className="handoff-card-line">
        <button
          type="button"
          className="handoff-card-toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          title={expanded ? 'Hide document' : 'Show document'}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="visually-hidden">{expanded ? 'Hide document' : 'Show document'}</span>
        </button>
        {/* A long title is cut short on screen; its whole text stays the button's name and tooltip. */}
        <button type="button" className="link-button handoff-card-from" title={from} disabled={!parentId} onClick={() => parentId && void openSession(parentId)}>
          {texts.continuedFrom('')}
          <span className="handoff-card-parent">{title}</span>
        </button>
        <span className="handoff-card-meta">
          <span className={missing.length > 0 ? 'handoff-card-sections missing' : 'handoff-card-sections'} title={sections}>
            {sections}
          </span>
          {contextBefore !== undefined && contextAfter !== undefined && (
            <span className="handoff-card-savings" title={uiTexts.cardSavingsTitle}>
              {uiTexts.cardSavings(formatTokens(contextBefore), formatTokens(contextAfter))}
            </span>
          )}
        </span>
        <button type="button" className="subtle-button handoff-card-export" onClick={() => void exportDocument(key)}>
          Export document
        </button>
      </div>
      {/* The whole document, at its full height: the chat scrolls, the card never does. */}
      <div id={bodyId} className="handoff-card-body" hidden={!expanded}>
        <Markdown text={document} />
      </div>
    </article>
  );
}
