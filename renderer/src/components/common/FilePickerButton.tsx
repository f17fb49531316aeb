// A button that picks one file through a hidden file input. The page reads the file itself, so picking
// works the same on the desktop and in a browser.
import { useRef, type ReactNode } from 'react';

interface FilePickerButtonProps {
  accept: string;
  onPick: (file: File) => void;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** Lets tests hand the input a file as a user's pick would. */
  testId: string;
}

export function FilePickerButton({ accept, onPick, children, className, disabled, testId }: FilePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same file may be picked again
          if (file) onPick(file);
        }}
      />
    </>
  );
}
