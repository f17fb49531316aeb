// The Thinking budget field's text as a setting (SPEC §3 "Thinking"): a whole number of tokens within
// what the API takes.
import { THINKING_BUDGET, ThinkingSetting } from '../../../shared/settings';
import { uiTexts } from '../texts';

/** What the field offers when a budget is first chosen. */
export const DEFAULT_THINKING_BUDGET = 8192;

const MIN = THINKING_BUDGET.min.toLocaleString('en-US');
const MAX = THINKING_BUDGET.max.toLocaleString('en-US');

// Functions, not constants: each reads the texts in the language of the moment.
export const thinkingBudgetError = () => uiTexts.thinkingBudgetInvalid(MIN, MAX);
/** The range, shown under the field before anything is refused. */
export const thinkingBudgetRange = () => uiTexts.thinkingBudgetRange(MIN, MAX);

/** The budget, or null when the text is not one the setting accepts. */
export function parseThinkingBudget(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const budget = Number(trimmed);
  return ThinkingSetting.safeParse(budget).success ? budget : null;
}
