// @vitest-environment happy-dom
// Settings → Handoff instructions (SPEC §4.3 "Your own sections"): the prompt and its sections as the
// user edits them, what is saved, what is refused and why, and Reset to default.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { DEFAULT_HANDOFF_INSTRUCTIONS, DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../shared/settings';
import { HANDOFF_SECTIONS } from '../../shared/texts';
import { buttonNamed, byLabel, click, render, settle, setup, step, type, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function openSettings(initial: Settings = DEFAULT_SETTINGS) {
  let saved = initial;
  const ctx = await setup(
    {
      'settings.get': () => saved,
      'settings.set': (patch: SettingsPatch) => (saved = { ...saved, ...patch }),
    },
    { init: false },
  );
  view = await render(<App />, ctx.store);
  await settle();
  await click(buttonNamed(document, 'Settings'));
  return { ...ctx, saved: () => saved };
}

const promptField = () => byLabel(document, 'Handoff prompt') as HTMLTextAreaElement;
const sectionsField = () => byLabel(document, 'Sections') as HTMLTextAreaElement;
const leave = (field: HTMLElement) => step(() => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
const errorOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('field-error'))?.textContent;

describe('Settings → Handoff instructions', () => {
  it("shows Baton's own prompt and six sections until the user sets their own", async () => {
    await openSettings();
    expect(promptField().value).toBe(DEFAULT_HANDOFF_INSTRUCTIONS.prompt);
    expect(sectionsField().value).toBe(HANDOFF_SECTIONS.join('\n'));
    expect(buttonNamed(document, 'Reset to default')?.disabled).toBe(true);
  });

  it('saves the sections as typed, one per line, with the prompt, when the field is left', async () => {
    const { fake } = await openSettings();
    await type(sectionsField(), '  Goal\nOpen questions \n\nNext Steps\n\n');
    expect(fake.callsTo('settings.set')).toEqual([]);
    await leave(sectionsField());
    // Blank lines after the list are nothing; what surrounds a name is trimmed.
    expect(fake.callsTo('settings.set')).toEqual([]);
    expect(errorOf(sectionsField())).toBe('Section 3 has no name: name it or remove the empty line.');

    await type(sectionsField(), 'Goal\nOpen questions\nNext Steps\n');
    expect(errorOf(sectionsField())).toBeUndefined();
    await leave(sectionsField());
    expect(fake.callsTo('settings.set')).toEqual([
      { handoffInstructions: { prompt: DEFAULT_HANDOFF_INSTRUCTIONS.prompt, sections: ['Goal', 'Open questions', 'Next Steps'] } },
    ]);
    expect(sectionsField().value).toBe('Goal\nOpen questions\nNext Steps');

    await type(promptField(), 'Write a short note with these headings: {sections}');
    await leave(promptField());
    expect(fake.callsTo('settings.set').at(-1)).toEqual({
      handoffInstructions: { prompt: 'Write a short note with these headings: {sections}', sections: ['Goal', 'Open questions', 'Next Steps'] },
    });
  });

  it('leaving a field unchanged saves nothing', async () => {
    const { fake } = await openSettings();
    await leave(promptField());
    await leave(sectionsField());
    expect(fake.callsTo('settings.set')).toEqual([]);
  });

  it.each([
    ['no section', '\n  \n', 'Add at least one section.'],
    ['a heading mark', 'Goal\n## Progress', 'Write section names without #: Baton makes them headings.'],
    ['a section twice', 'Goal\nProgress\ngoal', 'The section "goal" is listed twice.'],
    ['too many sections', Array.from({ length: 21 }, (_, i) => `Part ${i + 1}`).join('\n'), 'At most 20 sections.'],
    ['a name too long', 'x'.repeat(201), 'A section name can be at most 200 characters.'],
  ])('refuses %s and says why, saving nothing', async (_, sections, message) => {
    const { fake } = await openSettings();
    await type(sectionsField(), sections);
    await leave(sectionsField());
    expect(errorOf(sectionsField())).toBe(message);
    expect(sectionsField().getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('settings.set')).toEqual([]);
  });

  it('refuses an empty prompt', async () => {
    const { fake } = await openSettings();
    await type(promptField(), '   ');
    await leave(promptField());
    expect(errorOf(promptField())).toBe('The handoff prompt cannot be empty.');
    expect(fake.callsTo('settings.set')).toEqual([]);
  });

  it("Reset to default goes back to Baton's own (null) and shows it again", async () => {
    const own = { ...DEFAULT_SETTINGS, handoffInstructions: { prompt: 'Mine.', sections: ['Goal', 'Later'] } };
    const { fake } = await openSettings(own);
    expect(promptField().value).toBe('Mine.');
    expect(sectionsField().value).toBe('Goal\nLater');
    await click(buttonNamed(document, 'Reset to default'));
    expect(fake.callsTo('settings.set')).toEqual([{ handoffInstructions: null }]);
    expect(promptField().value).toBe(DEFAULT_HANDOFF_INSTRUCTIONS.prompt);
    expect(sectionsField().value).toBe(HANDOFF_SECTIONS.join('\n'));
    expect(buttonNamed(document, 'Reset to default')?.disabled).toBe(true);
  });

  it('Reset to default also throws away what was typed and refused', async () => {
    const { fake } = await openSettings();
    await type(sectionsField(), '');
    await leave(sectionsField());
    expect(errorOf(sectionsField())).toBe('Add at least one section.');
    await click(buttonNamed(document, 'Reset to default'));
    expect(sectionsField().value).toBe(HANDOFF_SECTIONS.join('\n'));
    expect(errorOf(sectionsField())).toBeUndefined();
    expect(fake.callsTo('settings.set')).toEqual([]);
  });
});
