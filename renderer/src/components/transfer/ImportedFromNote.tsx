// The line under the toolbar of an imported session: which tool's file it came from, and how much of
// that file could not be taken over.
import { texts } from '../../../../shared/texts';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { useLanguage } from '../../hooks/useLanguage';

export function ImportedFromNote() {
  const from = useBaton((s) => s.session?.header.importedFrom);
  useLanguage(); // its texts are read in the language of the moment: render again when it changes
  if (!from) return null;
  return (
    <p className="imported-from">
      {texts.importedFrom(from.format, from.fileName)}
      {from.skippedLines > 0 && ` · ${uiTexts.skippedLines(from.skippedLines)}`}
    </p>
  );
}
