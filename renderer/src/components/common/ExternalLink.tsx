// A link in model text: clicking asks the main process to open it in the user's browser (it checks
// the scheme); the app window itself never navigates.
import type { ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { useBaton } from '../../store/StoreProvider';

export function ExternalLink({ href, children, title }: ComponentPropsWithoutRef<'a'> & ExtraProps) {
  const openExternal = useBaton((s) => s.openExternal);
  const open = (event: React.MouseEvent) => {
    event.preventDefault();
    if (href) void openExternal(href);
  };
  return (
    <a href={href} title={title ?? href} rel="noreferrer" onClick={open} onAuxClick={open}>
      {children}
    </a>
  );
}
