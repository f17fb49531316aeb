import { describe, expect, it } from 'vitest';
import { texts } from '../../shared/texts';

describe('"Handoff failed: …" reads as one sentence, however the failure was worded', () => {
  it('the texts SPEC §4.2 names', () => {
    expect(texts.handoffFailed(texts.handoffCutOff)).toBe('Handoff failed: the handoff document was cut off.');
    expect(texts.handoffFailed(texts.handoffRefused)).toBe('Handoff failed: Claude declined to write a handoff document.');
  });

  it("the core's and the API's messages: an ordinary first word in lower case, a name or an acronym kept", () => {
    expect(texts.handoffFailed('The model returned an empty handoff document.')).toBe('Handoff failed: the model returned an empty handoff document.');
    expect(texts.handoffFailed('The Anthropic API is overloaded (529). Try again shortly.')).toBe(
      'Handoff failed: the Anthropic API is overloaded (529). Try again shortly.',
    );
    expect(texts.handoffFailed('Rate limit reached (429). Wait a moment and try again.')).toBe('Handoff failed: rate limit reached (429). Wait a moment and try again.');
    expect(texts.handoffFailed('Anthropic returned nothing')).toBe('Handoff failed: Anthropic returned nothing');
    expect(texts.handoffFailed('API key missing')).toBe('Handoff failed: API key missing');
    expect(texts.handoffFailed('ENOSPC: no space left on device')).toBe('Handoff failed: ENOSPC: no space left on device');
    expect(texts.handoffFailed('disk full')).toBe('Handoff failed: disk full');
  });
});
