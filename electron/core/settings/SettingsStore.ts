// Ordinary settings (SPEC §5) over any key-value file store: electron-store in the desktop app, conf in
// web mode. Both write the same `<dataDir>/config.json`, so one data dir works with either.
import { join } from 'node:path';
import Conf from 'conf';
import { DEFAULT_SETTINGS, parseSettings, SettingsPatch, type Settings } from '../../../shared/settings';
import { BatonError } from '../errors';
import { recoverCorrupt } from './recoverCorrupt';
import { log as coreLog } from '../log';

/** What SettingsStore needs from a store; electron-store and conf both have this shape. */
export interface KeyValueBackend {
  readonly store: Record<string, unknown>;
  set(object: Record<string, unknown>): void;
}

/** electron-store's `name` and conf's `configName`: both default to this, spelled out so they never drift. */
export const CONFIG_NAME = 'config';
export const configFilePath = (dataDir: string): string => join(dataDir, `${CONFIG_NAME}.json`);

/** BATON_MODEL (SPEC §7) changes the default model; a model the user picked still wins. */
export function defaultSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  return { ...DEFAULT_SETTINGS, model: env.BATON_MODEL?.trim() || DEFAULT_SETTINGS.model };
}

export class SettingsStore {
  constructor(
    private readonly backend: KeyValueBackend,
    private readonly log: (message: string) => void = coreLog.warn,
    private readonly defaults: Settings = defaultSettings(),
  ) {}

  /** Never throws: a value that fails validation (or a file that cannot be read) falls back to defaults. */
  get(): Settings {
    try {
      return parseSettings(this.backend.store, this.defaults);
    } catch (err) {
      this.log(`Could not read settings, using defaults: ${(err as Error).message}`);
      return parseSettings({}, this.defaults);
    }
  }

  /** Validates the patch, writes only the keys it names (defaults stay defaults), returns the result. */
  set(patch: SettingsPatch): Settings {
    const parsed = SettingsPatch.safeParse(patch);
    if (!parsed.success) {
      throw new BatonError(
        'invalid_input',
        parsed.error.issues.map((i) => `${i.path.join('.') || 'settings'}: ${i.message}`).join('; '),
      );
    }
    // Only the keys the caller named, so the user's other settings stay as they are.
    const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length > 0) this.backend.set(changes);
    return this.get();
  }
}

/** Web mode and tests: the same file as the desktop app, through conf. */
export function openConfSettings(dataDir: string, log: (message: string) => void = coreLog.warn): SettingsStore {
  const open = () => new Conf<Record<string, unknown>>({ cwd: dataDir, configName: CONFIG_NAME, projectName: 'baton' });
  return new SettingsStore(recoverCorrupt(open, configFilePath(dataDir), log), log);
}
