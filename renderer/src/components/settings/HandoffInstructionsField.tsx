// Settings → Handoff instructions (SPEC §4.3 "Your own sections"): the handoff prompt's text and the
// sections the document must have, one per line, in order. Saved when a field is left, and only when
// the core would take it (otherwise the section says why); Reset to default goes back to Baton's own.
import { useId, useState } from 'react';
import { HANDOFF_INSTRUCTIONS_MAX as MAX, handoffInstructionsOf, SECTIONS_PLACEHOLDER, type HandoffInstructions } from '../../../../shared/settings';
import { useT } from '../../hooks/useLanguage';
import { useResetState } from '../../hooks/useResetState';
import { uiTexts } from '../../texts';

/** The instructions the two fields say, or what is wrong with them. */
function parse(prompt: string, sectionsText: string): { instructions: HandoffInstructions } | { error: string } {
  if (!prompt.trim()) return { error: uiTexts.handoffPromptEmpty };
  if (prompt.trim().length > MAX.prompt) return { error: uiTexts.handoffPromptTooLong(MAX.prompt) };
  // Blank lines around the list are nothing; one between two sections is a section without a name.
  const sections = sectionsText.trim().split('\n').map((line) => line.trim());
  if (sections.length === 1 && sections[0] === '') return { error: uiTexts.handoffNoSections };
  if (sections.length > MAX.sections) return { error: uiTexts.handoffTooManySections(MAX.sections) };
  const empty = sections.indexOf('');
  if (empty >= 0) return { error: uiTexts.handoffSectionUnnamed(empty + 1) };
  if (sections.some((name) => name.includes('#'))) return { error: uiTexts.handoffSectionHash };
  if (sections.some((name) => name.length > MAX.sectionName)) return { error: uiTexts.handoffSectionTooLong(MAX.sectionName) };
  const twice = sections.find((name, i) => sections.findIndex((other) => other.toLowerCase() === name.toLowerCase()) !== i);
  if (twice !== undefined) return { error: uiTexts.handoffSectionTwice(twice) };
  return { instructions: { prompt: prompt.trim(), sections } };
}

const same = (a: HandoffInstructions, b: HandoffInstructions) =>
  a.prompt === b.prompt && a.sections.length === b.sections.length && a.sections.every((name, i) => name === b.sections[i]);

interface Props {
  /** The user's own, or null for Baton's. */
  value: HandoffInstructions | null;
  onChange: (value: HandoffInstructions | null) => void;
}

export function HandoffInstructionsField({ value, onChange }: Props) {
  const headingId = useId();
  const promptId = useId();
  const sectionsId = useId();
  const promptHintId = useId();
  const sectionsHintId = useId();
  const errorId = useId();
  const t = useT();
  const inForce = handoffInstructionsOf({ handoffInstructions: value });
  const [prompt, setPrompt] = useResetState(inForce.prompt, value);
  const [sectionsText, setSectionsText] = useResetState(inForce.sections.join('\n'), value);
  const [error, setError] = useState<string | null>(null);
  const edited = prompt !== inForce.prompt || sectionsText !== inForce.sections.join('\n');

  const apply = () => {
    const parsed = parse(prompt, sectionsText);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    if (!same(parsed.instructions, inForce)) onChange(parsed.instructions);
  };
  const reset = () => {
    setError(null);
    if (value !== null) return onChange(null);
    // Already Baton's own: only what was typed goes.
    setPrompt(inForce.prompt);
    setSectionsText(inForce.sections.join('\n'));
  };
  // Fixed while typing: the complaint goes at once; a new one waits for the field to be left.
  const typed = (nextPrompt: string, nextSections: string) => {
    if (error !== null && !('error' in parse(nextPrompt, nextSections))) setError(null);
  };
  const describedBy = (hintId: string) => (error ? `${hintId} ${errorId}` : hintId);

  return (
    <section className="settings-section handoff-instructions" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('settings.handoffInstructions')}</h3>
      <label htmlFor={promptId} className="field-label">
        {t('settings.handoffPrompt')}
      </label>
      <textarea
        id={promptId}
        className="instructions-input"
        rows={6}
        value={prompt}
        aria-invalid={error !== null || undefined}
        aria-describedby={describedBy(promptHintId)}
        onChange={(e) => {
          setPrompt(e.target.value);
          typed(e.target.value, sectionsText);
        }}
        onBlur={apply}
      />
      <p id={promptHintId} className="field-hint">
        {uiTexts.handoffPromptHint(SECTIONS_PLACEHOLDER)}
      </p>
      <label htmlFor={sectionsId} className="field-label">
        {t('settings.sections')}
      </label>
      <textarea
        id={sectionsId}
        className="instructions-input"
        rows={Math.min(Math.max(inForce.sections.length, 3), 10)}
        value={sectionsText}
        aria-invalid={error !== null || undefined}
        aria-describedby={describedBy(sectionsHintId)}
        onChange={(e) => {
          setSectionsText(e.target.value);
          typed(prompt, e.target.value);
        }}
        onBlur={apply}
      />
      <p id={sectionsHintId} className="field-hint">
        {uiTexts.handoffSectionsHint}
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      <div className="settings-section-actions">
        <button type="button" disabled={value === null && !edited} onClick={reset}>
          {t('settings.resetToDefault')}
        </button>
      </div>
    </section>
  );
}
