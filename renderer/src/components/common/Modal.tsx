// A modal dialog frame: named by its title, keeps Tab inside, and focuses its first control unless a
// child asked for focus itself (autoFocus). Escape is handled by the window shortcut handler, which
// decides from live state what Escape means.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

interface Props {
  title: string;
  className?: string;
  children: ReactNode;
}

export function Modal({ title, className, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // After each render, focus is brought back into the dialog if it is outside (the control that had it
  // was replaced, say). A moment later, not at once: a blur re-renders the dialog before the focus has
  // moved on to the control the user is clicking or tabbing to, and taking it then would scroll the
  // dialog away under the pointer.
  useEffect(() => {
    const timer = setTimeout(() => {
      const dialog = ref.current;
      if (dialog && !dialog.contains(document.activeElement)) dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    }, 0);
    return () => clearTimeout(timer);
  });

  const trapTab = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="modal-backdrop">
      <div ref={ref} role="dialog" aria-modal="true" aria-labelledby={titleId} className={className ? `modal ${className}` : 'modal'} onKeyDown={trapTab}>
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
