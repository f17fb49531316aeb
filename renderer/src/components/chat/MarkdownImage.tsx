// Images would load remote content, which the CSP forbids; show a link to them instead.
import type { ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { ExternalLink } from '../common/ExternalLink';

export function MarkdownImage({ src, alt }: ComponentPropsWithoutRef<'img'> & ExtraProps) {
  const label = `Image: ${alt || src || 'untitled'}`;
  return typeof src === 'string' && src ? <ExternalLink href={src}>{label}</ExternalLink> : <span>{label}</span>;
}
