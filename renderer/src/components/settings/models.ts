// The models the pickers offer, by display name; the current value is always among them, even when the
// catalog does not list it (a custom model id).
import type { ModelInfo } from '../../../../shared/models';

export interface ModelOption {
  id: string;
  label: string;
}

export function modelOptions(models: readonly ModelInfo[], current: string | undefined): ModelOption[] {
  const listed = models.map((m) => ({ id: m.id, label: m.displayName }));
  return current && !models.some((m) => m.id === current) ? [{ id: current, label: current }, ...listed] : listed;
}
