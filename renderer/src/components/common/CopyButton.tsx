import { useEffect, useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { useBaton } from '../../store/StoreProvider';

/** Copies `text`; `label` names the button when "Copy" alone would not say what it copies. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const notify = useBaton((s) => s.notify);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(id);
  }, [copied]);
  const copy = async () => {
    if (await copyText(text)) setCopied(true);
    else notify('error', 'Could not copy to the clipboard');
  };
  return (
    <button type="button" className="copy-button" aria-label={label} onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
