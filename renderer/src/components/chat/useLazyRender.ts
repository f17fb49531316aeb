// What a lazily made block shows (see lib/lazyRender.ts) once it is made; undefined meanwhile, and for
// an undefined key (nothing to make), so the block shows its plain text until then.
import { useEffect, useState } from 'react';
import type { LazyRender } from '../../lib/lazyRender';

export function useLazyRender<T>(renderer: LazyRender<T>, key: string | undefined): T | undefined {
  const [done, setDone] = useState<{ key: string; value: T } | undefined>();
  useEffect(() => {
    if (key === undefined || renderer.cached(key) !== undefined) return;
    let current = true;
    void renderer.render(key).then((value) => {
      if (current && value !== undefined) setDone({ key, value });
    });
    return () => {
      current = false;
    };
  }, [renderer, key]);
  if (key === undefined) return undefined;
  return renderer.cached(key) ?? (done?.key === key ? done.value : undefined);
}
