// Files dragged onto the window: while they hover, `dragging` is true (the composer shows where they go);
// dropped anywhere, they are attached. The browser never gets to open a dropped file itself, which would
// leave the app, also while a dialog is open (`enabled` false), when the drop is simply ignored.
import { useEffect, useRef, useState } from 'react';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

export function useFileDrop(onFiles: (files: File[]) => void, enabled: boolean): boolean {
  const [dragging, setDragging] = useState(false);
  const current = useRef({ onFiles, enabled });
  useEffect(() => {
    current.current = { onFiles, enabled };
  }, [onFiles, enabled]);

  useEffect(() => {
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = current.current.enabled ? 'copy' : 'none';
      setDragging(current.current.enabled);
    };
    // relatedTarget is null only when the drag leaves the window itself.
    const leave = (event: DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length > 0 && current.current.enabled) current.current.onFiles(files);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return dragging && enabled;
}
