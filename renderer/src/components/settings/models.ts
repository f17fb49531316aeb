// The models the pickers offer; the current value is always among them, even if it is not listed.
import { KNOWN_MODELS } from '../../../../shared/settings';

export function modelOptions(current: string | undefined): string[] {
  const known: string[] = [...KNOWN_MODELS];
  return current && !known.includes(current) ? [current, ...known] : known;
}
