// The API key never reaches the renderer in an error's text: neither whole, nor its start, nor encoded.
import { describe, expect, it } from 'vitest';
import { redactKey } from '../../../electron/core/settings/redactKey';

const key = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-AAAAAAAAAA';

describe('redactKey', () => {
  it('takes out the key, wherever and however often it appears', () => {
    expect(redactKey(`Invalid key ${key}; retry with ${key}.`, key)).toBe('Invalid key [API key]; retry with [API key].');
  });

  it('takes out a start of the key that reaches past the prefix every key shares', () => {
    expect(redactKey(`header x-api-key: ${key.slice(0, 30)}… was refused`, key)).toBe('header x-api-key: [API key]… was refused');
    expect(redactKey(`key ${key.slice(0, 20)}`, key)).toBe('key [API key]');
    // The shared prefix alone, or a little more, gives nothing away.
    expect(redactKey('keys look like sk-ant-api03-AbC…', key)).toBe('keys look like sk-ant-api03-AbC…');
  });

  it('takes out the key percent-encoded, as a URL carries it, in either case of hex', () => {
    const odd = 'abc+def/ghi=jkl&mno%pqr';
    expect(redactKey(`GET /v1?key=${encodeURIComponent(odd)} failed`, odd)).toBe('GET /v1?key=[API key] failed');
    expect(redactKey(`GET /v1?key=${encodeURIComponent(odd).toLowerCase()}`, odd)).toBe('GET /v1?key=[API key]');
  });

  it('leaves text alone when there is no key, or one too short to look for', () => {
    expect(redactKey('nothing here', undefined)).toBe('nothing here');
    expect(redactKey('a b c', 'b')).toBe('a b c');
  });
});
