// The handoff card's document (SPEC §4.3 Sources): each `[#n]` the handoff mapped to a message of the
// parent session becomes a link to that message, and a done Progress item that cites no message (as the
// core listed them) is marked "unverified" beside its text. A remark plugin, so code spans and code
// blocks stay as written.
import { documentLines } from '../../../../shared/handoffSections';
import { sessionAddress } from '../../../../shared/sessionAddress';
import { uiTexts } from '../../texts';

export interface DocumentMarks {
  parentId: string | undefined;
  /** `[#n]` → the id of that message's entry in the parent session. */
  sources: Readonly<Record<string, string>>;
  /** Done items without a citation, as written after `- [x] `. */
  unverified: readonly string[];
}

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  checked?: boolean | null;
  children?: MdNode[];
  position?: { start: { line: number } };
  data?: { hName?: string; hProperties?: Record<string, unknown>; hChildren?: unknown[] };
}

const CITATION = /\[#(\d+)\]/g;
/** A done checklist item, as the core reads one (electron/core/handoff/sources.ts). */
const DONE_ITEM = /^\s*[-*+]\s+\[[xX]\]\s+(.*\S)\s*$/;

export function remarkDocumentMarks(options: DocumentMarks) {
  return (tree: MdNode, file: { value: unknown }) => {
    const source = String(file.value);
    const lines = source.split('\n');
    // Only the model's part: what Baton appended (carried over, pinned) is never an unverified item.
    const modelLines = documentLines(source).length;
    const unverified = new Set(options.unverified);
    const visit = (node: MdNode) => {
      if (node.type === 'link' || node.type === 'linkReference') return;
      if (node.type === 'listItem' && node.checked === true && node.position && node.position.start.line <= modelLines) {
        const item = DONE_ITEM.exec(lines[node.position.start.line - 1] ?? '')?.[1];
        if (item !== undefined && unverified.has(item)) node.children?.find((child) => child.type === 'paragraph')?.children?.push(unverifiedMark());
      }
      if (!node.children) return;
      if (options.parentId) node.children = node.children.flatMap((child) => (child.type === 'text' ? linked(child, options.parentId!, options.sources) : [child]));
      node.children.forEach(visit);
    };
    visit(tree);
  };
}

/** A text node with each cited `[#n]` of `sources` as a link to the parent session. */
function linked(node: MdNode, parentId: string, sources: Readonly<Record<string, string>>): MdNode[] {
  const text = node.value ?? '';
  const out: MdNode[] = [];
  let at = 0;
  for (const match of text.matchAll(CITATION)) {
    const n = match[1] as string;
    const entryId = sources[n];
    if (entryId === undefined) continue;
    if (match.index > at) out.push({ type: 'text', value: text.slice(at, match.index) });
    out.push({
      type: 'link',
      url: sessionAddress(parentId),
      children: [{ type: 'text', value: match[0] }],
      data: { hProperties: { dataEntryId: entryId, title: uiTexts.citationTitle(n) } },
    });
    at = match.index + match[0].length;
  }
  if (at === 0) return [node];
  if (at < text.length) out.push({ type: 'text', value: text.slice(at) });
  return out;
}

function unverifiedMark(): MdNode {
  return {
    type: 'unverifiedMark',
    data: {
      hName: 'span',
      hProperties: { className: ['unverified-mark'], title: uiTexts.unverifiedTitle },
      hChildren: [{ type: 'text', value: uiTexts.unverified }],
    },
  };
}
