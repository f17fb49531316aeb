// <dataDir>/models-cache.json: the last list the Models API gave, and when, so the next start (or a start
// without network) offers the same models and windows.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ModelInfo } from '../../../shared/models';
import { writeFileAtomic } from '../storage/atomicWrite';
import { realFs } from '../storage/fsSeam';

export const MODELS_CACHE_FILE = 'models-cache.json';

const CachedModels = z.object({
  /** Epoch ms of the fetch. */
  fetchedAt: z.number(),
  models: z.array(ModelInfo).min(1),
});
export type CachedModels = z.infer<typeof CachedModels>;

/** The cached list; null when there is none. Throws when the file exists but is not a valid cache. */
export function readModelsCache(file: string): CachedModels | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  return CachedModels.parse(JSON.parse(text));
}

/** Replaces the cache whole (temp file → fsync → rename). Throws a StorageError when it cannot. */
export function writeModelsCache(file: string, cache: CachedModels): void {
  writeFileAtomic(realFs, file, JSON.stringify(cache, null, 1) + '\n');
}
