// The handoff context a session was started with (SPEC §4.2 "Lineage you can see", §4.3): one line —
// where it came from (a click opens the parent), whether the document has the sections Settings → Handoff
// instructions sets, how much of what had to survive carried over, and the context it saved — that
// expands to the whole document, whose citations open the parent at the message they cite. Export
// document saves the document as Markdown.
import { useId, useMemo, useState, type ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { findMissingSections } from '../../../../shared/handoffSections';
import { handoffInstructionsOf } from '../../../../shared/settings';
import { sessionFromAddress } from '../../../../shared/sessionAddress';
import { texts } from '../../../../shared/texts';
import type { HandoffItem } from '../../store/chatItems';
import { parentTitle } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { formatTokens } from '../../lib/format';
import { uiTexts } from '../../texts';
import { useT } from '../../hooks/useLanguage';
import { ExternalLink } from '../common/ExternalLink';
import { Markdown, type MarkdownExtension } from '../chat/Markdown';
import { remarkDocumentMarks } from './documentMarks';

/** A citation opens the parent session at the message it cites, as a search result does; other links open outside. */
function DocumentLink(props: ComponentPropsWithoutRef<'a'> & ExtraProps) {
  const openSessionAt = useBaton((s) => s.openSessionAt);
  const entryId = props.node?.properties['dataEntryId'];
  const parentId = sessionFromAddress(props.href ?? '');
  if (typeof entryId !== 'string' || !parentId) return <ExternalLink {...props} />;
  return (
    <a
      href={props.href}
      className="citation-link"
      title={props.title}
      onClick={(event) => {
        event.preventDefault();
        void openSessionAt(parentId, entryId);
      }}
    >
      {props.children}
    </a>
  );
}

const NO_SOURCES: Record<string, string> = {};
const NONE: string[] = [];

export function HandoffCard({ item }: { item: HandoffItem }) {
  const { document, key, contextBefore, contextAfter } = item;
  const parentId = useBaton((s) => s.session?.header.parentSession);
  const title = useBaton(parentTitle);
  const details = useBaton((s) => s.session?.handoffDetails);
  const sectionsSet = useBaton((s) => handoffInstructionsOf(s.settings ?? { handoffInstructions: null }).sections);
  const openSession = useBaton((s) => s.openSession);
  const exportDocument = useBaton((s) => s.exportDocument);
  const [expanded, setExpanded] = useState(false);
  const t = useT();
  // A match in the document opens the card, so it can be seen: Find in session's current one, or the
  // search result the session was opened at.
  const found = useBaton((s) => (s.find.open && s.find.current?.key === key) || s.chat.target?.key === key);
  const [wasFound, setWasFound] = useState(found);
  if (found !== wasFound) {
    setWasFound(found);
    if (found) setExpanded(true);
  }
  const missing = useMemo(() => findMissingSections(document, sectionsSet), [document, sectionsSet]);
  const sources = details?.sources ?? NO_SOURCES;
  const unverified = details?.unverified ?? NONE;
  const extension = useMemo<MarkdownExtension>(
    () => ({ remarkPlugins: [[remarkDocumentMarks, { parentId, sources, unverified }]], components: { a: DocumentLink } }),
    [parentId, sources, unverified],
  );
  const bodyId = useId();
  const from = texts.continuedFrom(title);
  const sections = missing.length > 0 ? uiTexts.missingSectionsShort(missing) : uiTexts.allSections(sectionsSet.length);
  const carried = details?.carriedOver;
  return (
    <article data-testid="message" className={expanded ? 'handoff-card expanded' : 'handoff-card'} aria-label={t('handoff.card')}>
      <div className="handoff-card-line">
        <button
          type="button"
          className="handoff-card-toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          title={expanded ? t('handoff.hideDocument') : t('handoff.showDocument')}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="visually-hidden">{expanded ? t('handoff.hideDocument') : t('handoff.showDocument')}</span>
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
          {carried && carried.total > 0 && (
            <span className="handoff-card-carried" title={uiTexts.carriedOverTitle}>
              {uiTexts.carriedOver(carried.kept, carried.total)}
            </span>
          )}
          {contextBefore !== undefined && contextAfter !== undefined && (
            <span className="handoff-card-savings" title={uiTexts.cardSavingsTitle}>
              {uiTexts.cardSavings(formatTokens(contextBefore), formatTokens(contextAfter))}
            </span>
          )}
        </span>
        <button type="button" className="subtle-button handoff-card-export" onClick={() => void exportDocument(key)}>
          {t('handoff.exportDocument')}
        </button>
      </div>
      {/* The whole document, at its full height: the chat scrolls, the card never does. */}
      <div id={bodyId} className="handoff-card-body" hidden={!expanded}>
        <Markdown text={document} extension={extension} />
      </div>
    </article>
  );
}
