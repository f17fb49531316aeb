// The per-launch token (SPEC §6, §7): random by default; a fixed one is used as given, and named weak
// when it is easy to guess.
import { describe, expect, it } from 'vitest';
import { launchToken } from '../../electron/web/launchToken';

describe('launchToken', () => {
  it('is random and long when none is fixed', () => {
    const a = launchToken(undefined);
    const b = launchToken('');
    expect(a.token).toMatch(/^[\w-]{32}$/);
    expect(b.token).not.toBe(a.token);
    expect(a.warning).toBeUndefined();
  });

  it('uses a fixed token as given, warning when it is short or made of few characters', () => {
    expect(launchToken('a')).toEqual({ token: 'a', warning: expect.stringContaining('BATON_WEB_TOKEN is weak (1 characters, 1 different)') });
    expect(launchToken('aaaaaaaaaaaaaaaaaaaaaaaa').warning).toContain('weak');
    expect(launchToken('0123456789abcdef')).toEqual({ token: '0123456789abcdef' });
  });
});
