// Ordinary settings: defaults, field-by-field fallback for bad stored values, validation on set, and a
// config.json that is not JSON (moved aside, never a crash).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../shared/i18n';
import { DEFAULT_HANDOFF_INSTRUCTIONS, DEFAULT_MODEL, handoffInstructionsOf, type SettingsPatch } from '../../../shared/settings';
import { HANDOFF_SECTIONS } from '../../../shared/texts';
import { BatonError, toApiError } from '../../../electron/core/errors';
import { recoverCorrupt } from '../../../electron/core/settings/recoverCorrupt';
import {
  configFilePath,
  openConfSettings,
  SettingsStore,
  type KeyValueBackend,
} from '../../../electron/core/settings/SettingsStore';

const defaults = {
  model: DEFAULT_MODEL,
  handoffModel: '',
  contextThreshold: 0.7,
  reviewFirst: false,
  thinking: 'adaptive',
  theme: 'system',
  /** The UI language: the system's until the user picks one. */
  language: 'system',
  fontSize: 16,
  sidebarWidth: 272,
  sidebarCollapsed: false,
  autoHandoff: false,
  autoHandoffAt: 0.85,
  prepareHandoff: false,
  customInstructions: '',
  autoTitle: true,
  /** Baton's own handoff instructions until the user writes theirs. */
  handoffInstructions: null,
  webSearch: false,
  webFetch: false,
  /** An MCP server's start or call fails after 60 s without an answer. */
  mcpTimeoutSeconds: 60,
  alwaysAllowTools: [],
};

function memoryBackend(initial: Record<string, unknown> = {}): KeyValueBackend & { data: Record<string, unknown> } {
  const data = { ...initial };
  return {
    data,
    get store() {
      return { ...data };
    },
    set(object) {
      Object.assign(data, object);
    },
  };
}

describe('SettingsStore', () => {
  it('keeps the user’s own handoff instructions, refuses a bad one, and Reset to default (null) brings back Baton’s', () => {
    const store = new SettingsStore(memoryBackend());
    const mine = { prompt: 'Summarise:\n{sections}', sections: ['Summary', 'ไฟล์'] };
    expect(store.set({ handoffInstructions: mine }).handoffInstructions).toEqual(mine);
    expect(() => store.set({ handoffInstructions: { prompt: 'x', sections: [] } })).toThrow(/sections/);
    expect(store.get().handoffInstructions).toEqual(mine);
    expect(store.set({ handoffInstructions: null }).handoffInstructions).toBeNull();
    expect(handoffInstructionsOf(store.get())).toEqual(DEFAULT_HANDOFF_INSTRUCTIONS);
    expect(DEFAULT_HANDOFF_INSTRUCTIONS.sections).toEqual([...HANDOFF_SECTIONS]);
  });

  it('returns the defaults when nothing is stored', () => {
    expect(new SettingsStore(memoryBackend()).get()).toEqual(defaults);
  });

  it('falls back field by field: one bad value does not reset the others', () => {
    const store = new SettingsStore(
      memoryBackend({ model: 'claude-opus-4-1', handoffModel: 42, contextThreshold: 7, reviewFirst: true, extra: 'kept' }),
    );
    expect(store.get()).toEqual({ ...defaults, model: 'claude-opus-4-1', reviewFirst: true });
  });

  it('writes only the keys a patch names and returns the merged settings', () => {
    const backend = memoryBackend();
    const store = new SettingsStore(backend);
    expect(store.set({ reviewFirst: true })).toEqual({ ...defaults, reviewFirst: true });
    expect(backend.data).toEqual({ reviewFirst: true });
  });

  it('rejects an invalid patch with invalid_input and writes nothing', () => {
    const backend = memoryBackend();
    const store = new SettingsStore(backend);
    for (const patch of [{ contextThreshold: 5 }, { model: '' }, { reviewFirst: 'yes' }, { apiKey: 'sk-x' }, { autoHandoff: 'on' }, { autoHandoffAt: 85 }]) {
      let caught: unknown;
      try {
        store.set(patch as unknown as SettingsPatch);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(BatonError);
      expect((caught as BatonError).code).toBe('invalid_input');
    }
    expect(backend.data).toEqual({});
  });

  it('keeps how Baton looks: theme, language, font size and the sidebar, each within its range', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-settings-'));
    try {
      const look = { theme: 'dark', language: 'th', fontSize: 18, sidebarWidth: 320, sidebarCollapsed: true } as const;
      openConfSettings(dir).set(look);
      expect(openConfSettings(dir).get()).toEqual({ ...defaults, ...look });
      const store = new SettingsStore(memoryBackend());
      for (const patch of [{ theme: 'sepia' }, { language: 'fr' }, { fontSize: 8 }, { fontSize: 16.5 }, { sidebarWidth: 2000 }, { sidebarCollapsed: 'no' }]) {
        expect(() => store.set(patch as unknown as SettingsPatch)).toThrow(BatonError);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the MCP time limit in whole seconds from 5 to 600, refusing anything else', () => {
    const store = new SettingsStore(memoryBackend());
    expect(store.set({ mcpTimeoutSeconds: 5 }).mcpTimeoutSeconds).toBe(5);
    expect(store.set({ mcpTimeoutSeconds: 600 }).mcpTimeoutSeconds).toBe(600);
    for (const mcpTimeoutSeconds of [4, 601, 30.5, 0]) {
      expect(() => store.set({ mcpTimeoutSeconds })).toThrow(BatonError);
    }
    expect(store.get().mcpTimeoutSeconds).toBe(600);
    expect(new SettingsStore(memoryBackend({ mcpTimeoutSeconds: 'soon' })).get().mcpTimeoutSeconds).toBe(60);
  });

  it('still answers with defaults when the backend cannot be read', () => {
    const broken: KeyValueBackend = {
      get store(): Record<string, unknown> {
        throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      },
      set() {},
    };
    const logs: string[] = [];
    expect(new SettingsStore(broken, (m) => logs.push(m)).get()).toEqual(defaults);
    expect(logs).toHaveLength(1);
  });
});

describe('openConfSettings (web mode, same file as electron-store)', () => {
  let dir: string;
  const logs: string[] = [];
  const log = (message: string) => logs.push(message);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'baton-settings-'));
    logs.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const asideFiles = () => readdirSync(dir).filter((name) => name.startsWith('config.json.corrupt-'));

  it('keeps settings in <dataDir>/config.json, as electron-store does', () => {
    openConfSettings(dir, log).set({ model: 'claude-haiku-4-5', contextThreshold: 0.5 });
    expect(configFilePath(dir)).toBe(join(dir, 'config.json'));
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ model: 'claude-haiku-4-5', contextThreshold: 0.5 });
    expect(openConfSettings(dir, log).get()).toEqual({ ...defaults, model: 'claude-haiku-4-5', contextThreshold: 0.5 });
  });

  it('keeps auto-handoff, off by default, and its level while it is off', () => {
    expect(openConfSettings(dir, log).get()).toMatchObject({ autoHandoff: false, autoHandoffAt: 0.85 });
    openConfSettings(dir, log).set({ autoHandoff: true, autoHandoffAt: 0.6 });
    openConfSettings(dir, log).set({ autoHandoff: false });
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ autoHandoff: false, autoHandoffAt: 0.6 });
    expect(openConfSettings(dir, log).get()).toEqual({ ...defaults, autoHandoffAt: 0.6 });
  });

  it('reads values another writer put there, and ignores the invalid ones', () => {
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ model: 'claude-opus-4-1', contextThreshold: 'high' }));
    expect(openConfSettings(dir, log).get()).toEqual({ ...defaults, model: 'claude-opus-4-1' });
  });

  it('moves a corrupt config.json aside and starts from defaults', () => {
    writeFileSync(join(dir, 'config.json'), '{"model": "claude-opus-4-1", oops');
    const store = openConfSettings(dir, log);
    expect(store.get()).toEqual(defaults);
    expect(asideFiles()).toHaveLength(1);
    expect(readFileSync(join(dir, asideFiles()[0]!), 'utf8')).toBe('{"model": "claude-opus-4-1", oops');
    expect(logs.join('\n')).toMatch(/moved it to .*config\.json\.corrupt-/);
    // And it is usable afterwards.
    expect(store.set({ reviewFirst: true })).toEqual({ ...defaults, reviewFirst: true });
  });

  it('recovers when the file is corrupted while the app runs, on read and on write', () => {
    const store = openConfSettings(dir, log);
    store.set({ reviewFirst: true });
    writeFileSync(join(dir, 'config.json'), 'not json at all');
    expect(store.get()).toEqual(defaults);
    writeFileSync(join(dir, 'config.json'), '\u0000\u0000\u0000');
    expect(store.set({ model: 'claude-haiku-4-5' })).toEqual({ ...defaults, model: 'claude-haiku-4-5' });
    expect(asideFiles().length).toBeGreaterThanOrEqual(1);
  });

  it('treats JSON that is not an object as empty, without crashing', () => {
    for (const content of ['[1, 2, 3]', '"a string"', '42', 'null']) {
      writeFileSync(join(dir, 'config.json'), content);
      expect(openConfSettings(dir, log).get()).toEqual(defaults);
    }
  });

  it('names the file and what to do when config.json is a folder', () => {
    mkdirSync(join(dir, 'config.json'));
    expect(() => openConfSettings(dir, log)).toThrow(`${join(dir, 'config.json')} is a folder, but Baton keeps its settings in a file of that name. Move or rename the folder, then start Baton again.`);
  });

  it('never quotes what a config.json that is not JSON holds, even one that links to another file', () => {
    const secret = join(dir, 'id_ed25519');
    writeFileSync(secret, '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n');
    symlinkSync(secret, join(dir, 'config.json'));
    expect(openConfSettings(dir, log).get()).toEqual(defaults);
    expect(logs.join('\n')).toMatch(/Settings file was unreadable \(not valid JSON\); moved it to /);
    expect(logs.join('\n')).not.toMatch(/BEGIN|OPENSSH|b3Bl/);
  });

  it('says in plain words that the disk is full when settings cannot be saved', () => {
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: 'ENOSPC' });
    const backend = recoverCorrupt(() => ({ store: {}, set: () => { throw full; } }), join(dir, 'config.json'), log);
    const error = (() => {
      try {
        new SettingsStore(backend, log).set({ reviewFirst: true });
      } catch (err) {
        return toApiError(err);
      }
    })();
    expect(error).toEqual({ code: 'storage', message: `The disk is full, so this was not saved. Saving the settings to ${join(dir, 'config.json')} did not complete (ENOSPC).` });
  });

  it('says it in the UI language: Thai once the language is ไทย', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const backend = recoverCorrupt(() => ({ store: {}, set: () => { throw full; } }), join(dir, 'config.json'), log);
    setLanguage('th');
    try {
      new SettingsStore(backend, log).set({ reviewFirst: true });
      expect.unreachable();
    } catch (err) {
      expect(toApiError(err)).toEqual({ code: 'storage', message: `ดิสก์เต็ม จึงไม่ได้บันทึก การบันทึกการตั้งค่าลงใน ${join(dir, 'config.json')} ไม่สำเร็จ (ENOSPC)` });
    } finally {
      setLanguage('en');
    }
  });

  it('creates the data dir when it does not exist yet', () => {
    const nested = join(dir, 'a', 'b');
    openConfSettings(nested, log).set({ reviewFirst: true });
    expect(existsSync(join(nested, 'config.json'))).toBe(true);
  });
});
