// The handoff wrapper is written by the core and read by the renderer: both go through shared/.
import { describe, expect, it } from 'vitest';
import { unwrapHandoffDocument, wrapHandoffDocument } from '../../shared/sessionFormat';

describe('handoff wrapper', () => {
  it('unwraps exactly what was wrapped, even a document that quotes the closing tag', () => {
    const documents = ['## Goal\nShip it', '## Goal\nExplain `</handoff-context>` and go on\n\n## Next Steps\nMore', '  padded  \n'];
    for (const document of documents) expect(unwrapHandoffDocument(wrapHandoffDocument(document))).toBe(document);
  });

  it('reads a wrapper with another closing sentence up to its last closing tag, and plain text as it is', () => {
    expect(unwrapHandoffDocument('<handoff-context>\nA </handoff-context> B\n</handoff-context>\n\nSomething else.')).toBe('A </handoff-context> B');
    expect(unwrapHandoffDocument('  just a document  ')).toBe('just a document');
  });
});
