// Where the desktop app puts an export (Export session, Export document): the save dialog, then an
// atomic write of the file the user chose. Web mode has no such step; the page downloads the file.
import { extname } from 'node:path';
import { dialog, type BrowserWindow, type SaveDialogOptions } from 'electron';
import { writeFileAtomic } from '../core/storage/atomicWrite';
import { realFs } from '../core/storage/fsSeam';
import type { ExportFile } from '../core/transfer/sessionExport';

const FILTERS: Record<string, { name: string; extensions: string[] }> = {
  '.md': { name: 'Markdown', extensions: ['md'] },
  '.jsonl': { name: 'JSON Lines', extensions: ['jsonl'] },
};

/** Saves through the dialog of `window()` (the app's window, when there is one); undefined when cancelled. */
export function saveFileFrom(window: () => BrowserWindow | undefined): (file: ExportFile) => Promise<string | undefined> {
  return async (file) => {
    const filter = FILTERS[extname(file.fileName)];
    const options: SaveDialogOptions = { defaultPath: file.fileName, ...(filter && { filters: [filter] }) };
    const parent = window();
    const { canceled, filePath } = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
    if (canceled || !filePath) return undefined;
    writeFileAtomic(realFs, filePath, file.content);
    return filePath;
  };
}
