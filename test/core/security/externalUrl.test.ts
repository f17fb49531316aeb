// Which links may leave the app (SPEC §6): http, https and mailto after parsing; nothing else.
import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl, safeExternalUrl } from '../../../electron/core/security/externalUrl';

describe('isSafeExternalUrl', () => {
  it.each([
    'https://www.anthropic.com/',
    'http://example.com/path?q=1#frag',
    'HTTPS://EXAMPLE.COM',
    'https://example.com:8443/x',
    'mailto:someone@example.com',
    'mailto:someone@example.com?subject=Hi',
    'mailto:someone@example.com?Subject=Hi&body=Line%201&cc=other@example.com&bcc=third@example.com',
    'mailto:?to=someone@example.com&in-reply-to=%3C1@example.com%3E',
  ])('allows %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'file:///etc/passwd',
    'file://server/share',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'blob:https://example.com/uuid',
    'ftp://example.com/',
    'ms-settings:',
    'vscode://file/etc/passwd',
    'slack://open',
    'smb://server/share',
    'chrome://settings',
    'about:blank',
    'https://user:pass@example.com/',
    'https://bank.example@evil.example/',
    'http://',
    'https:',
    '//example.com',
    '/relative/path',
    'example.com',
    'not a url',
    '',
    `https://example.com/${'a'.repeat(5000)}`,
    // Mail clients that read these attach a file of the user's to the message.
    'mailto:someone@example.com?attach=/home/user/.ssh/id_rsa',
    'mailto:someone@example.com?subject=Hi&attachment=file:///etc/passwd',
    'mailto:someone@example.com?ATTACH=~/.bashrc',
    'mailto:someone@example.com?%61ttach=/etc/passwd',
    'mailto:someone@example.com?subject=Hi&x-unknown=1',
  ])('refuses %s', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it('refuses non-strings', () => {
    for (const value of [undefined, null, 42, {}, ['https://example.com']]) expect(isSafeExternalUrl(value)).toBe(false);
  });

  it('hands the OS the normalized URL, not the raw string', () => {
    expect(safeExternalUrl('  HTTPS://Example.COM/a b ')).toBe('https://example.com/a%20b');
  });
});
