// Images would load remote content, which the CSP forbids; show a link to them instead.
import type { ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { useT } from '../../hooks/useLanguage';
import { ExternalLink } from '../common/ExternalLink';

export function MarkdownImage({ src, alt }: ComponentPropsWithoutRef<'img'> & ExtraProps) {
  const t = useT();
  const name = alt || src;
  const label = name ? t('chat.remoteImage', { name }) : t('chat.remoteImageUntitled');
  return typeof src === 'string' && src ? <ExternalLink href={src}>{label}</ExternalLink> : <span>{label}</span>;
}
