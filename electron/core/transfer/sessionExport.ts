// What Export session and Export document produce: a file's name, type and text. Where it goes is the
// caller's business (a save dialog on the desktop, a download in web mode).
import type { ExportFormat } from '../../../shared/contract';
import { CustomType, unwrapHandoffDocument } from '../../../shared/sessionFormat';
import { texts } from '../../../shared/texts';
import { BatonError } from '../errors';
import type { SessionManager } from '../session/SessionManager';
import { sessionLines } from '../session/sessionLines';
import { exportFileName } from './exportFileName';
import { inertMarkdown, sessionMarkdown } from './exportMarkdown';

export interface ExportFile {
  fileName: string;
  mimeType: string;
  content: string;
}

export function sessionExport(manager: SessionManager, format: ExportFormat, parentTitle: string | undefined, modelName: (id: string) => string): ExportFile {
  const title = manager.getTitle() || texts.untitled;
  if (format === 'json') {
    return {
      fileName: exportFileName(title, 'jsonl'),
      mimeType: 'application/x-ndjson',
      content: sessionLines(manager.getHeader(), manager.getEntries()),
    };
  }
  const markdown = sessionMarkdown({ header: manager.getHeader(), title, parentTitle, branch: manager.getBranch(), modelName });
  return { fileName: exportFileName(title, 'md'), mimeType: 'text/markdown', content: markdown };
}

/** The handoff document an entry holds (the card of a handed-off session, or a handoff's outcome). */
export function documentExport(manager: SessionManager, entryId: string): ExportFile {
  const entry = manager.getEntries().find((e) => e.id === entryId);
  const document =
    entry?.type === 'custom_message' && entry.customType === CustomType.handoff
      ? unwrapHandoffDocument(entry.content)
      : entry?.type === 'handoff_outcome'
        ? entry.document
        : undefined;
  if (document === undefined) throw new BatonError('not_found', texts.documentNotInSession);
  return { fileName: exportFileName(`${manager.getTitle() || texts.untitled} handoff`, 'md'), mimeType: 'text/markdown', content: `${inertMarkdown(document.trimEnd())}\n` };
}
