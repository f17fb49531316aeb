// "‹ 2 / 3 ›": the versions of an edited or regenerated message (SPEC §5). After a switch the same
// control has focus again in the version shown (or the other one, when this end is reached).
import { useEffect, useRef } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

interface Props {
  entryKey: string;
  /** Every version's entry id, oldest first; `entryKey` is among them. */
  versions: string[];
  disabled: boolean;
}

export function VersionNav({ entryKey, versions, disabled }: Props) {
  const showVersion = useBaton((s) => s.showVersion);
  const versionFocused = useBaton((s) => s.versionFocused);
  const focus = useBaton((s) => (s.versionFocus?.entryId === entryKey ? s.versionFocus.control : undefined));
  const previousRef = useRef<HTMLButtonElement>(null);
  const t = useT();
  const nextRef = useRef<HTMLButtonElement>(null);
  const index = versions.indexOf(entryKey);
  const previous = versions[index - 1];
  const next = versions[index + 1];

  useEffect(() => {
    if (!focus) return;
    const wanted = focus === 'previous' ? (previous ? previousRef : nextRef) : next ? nextRef : previousRef;
    wanted.current?.focus();
    versionFocused();
  }, [focus, previous, next, versionFocused]);

  return (
    <span className="version-nav">
      <button
        ref={previousRef}
        type="button"
        className="icon-button version-previous"
        aria-label={t('chat.previousVersion')}
        title={t('chat.previousVersion')}
        disabled={disabled || !previous}
        onClick={() => previous && void showVersion(previous, 'previous')}
      />
      <span className="version-count">{t('chat.versionCount', { n: index + 1, total: versions.length })}</span>
      <button
        ref={nextRef}
        type="button"
        className="icon-button version-next"
        aria-label={t('chat.nextVersion')}
        title={t('chat.nextVersion')}
        disabled={disabled || !next}
        onClick={() => next && void showVersion(next, 'next')}
      />
    </span>
  );
}
