import { useEffect, useState } from 'react';
import { copyText } from '../../lib/clipboard';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

/** Copies `text`; `label` names the button when "Copy" alone would not say what it copies. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const notify = useBaton((s) => s.notify);
  const t = useT();
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(id);
  }, [copied]);
  const copy = async () => {
    if (await copyText(text)) setCopied(true);
    else notify('error', t('common.copyFailed'));
  };
  return (
    <button type="button" className="copy-button" aria-label={label} onClick={() => void copy()}>
      {copied ? t('common.copied') : t('common.copy')}
    </button>
  );
}
