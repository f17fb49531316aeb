// Saving a file from the page (web mode, where no save dialog of the app's own exists): the browser's
// download of a Blob, under the name the core chose.

export interface DownloadFile {
  fileName: string;
  mimeType: string;
  content: string;
}

/** Long enough for the browser to start the download; the URL is dropped after. */
const REVOKE_AFTER_MS = 60_000;

export function downloadFile({ fileName, mimeType, content }: DownloadFile): void {
  const url = URL.createObjectURL(new Blob([content], { type: `${mimeType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
