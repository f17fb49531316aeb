// A session with nothing in it yet: what Baton is for (handoff) and the keys that matter.
import { shortcutLabel } from '../../lib/shortcuts';
import { useT } from '../../hooks/useLanguage';

export function EmptyChat() {
  const t = useT();
  const shortcuts: [keys: string, does: string][] = [
    [shortcutLabel('H', { shift: true }), t('chat.shortcutHandOff')],
    ['/handoff [focus]', t('chat.shortcutHandoffCommand')],
    [shortcutLabel('N'), t('chat.shortcutNewSession')],
    [shortcutLabel('K'), t('chat.shortcutSearch')],
    ['/', t('chat.shortcutCommands')],
  ];
  return (
    <section className="chat-empty" aria-label={t('chat.conversation')}>
      <div className="empty-intro">
        <h2>{t('chat.startTitle')}</h2>
        <p>
          {t('chat.startBefore')}
          <strong>{t('chat.startHandOff')}</strong>
          {t('chat.startAfter')}
        </p>
        <dl className="shortcut-list">
          {shortcuts.map(([keys, does]) => (
            <div key={keys}>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
