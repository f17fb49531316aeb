// The models the pickers offer (SPEC §3 "Models"): the built-in list until the main process answers,
// then its catalog, replaced whenever a background refresh changes it; and the notice that the configured
// model was not in the key's list, so the settings now name another.
import type { BatonEvent } from '../../../shared/contract';
import { FALLBACK_MODELS, fallbackModel, type ModelInfo } from '../../../shared/models';
import { callApi } from './call';
import type { SliceCreator } from './types';

export interface ModelsSlice {
  models: ModelInfo[];
  loadModels: () => Promise<void>;
  modelsApplyEvent: (event: BatonEvent) => void;
}

/** What the renderer knows of `id`, as the core's catalog answers it. */
export function modelInfo(models: readonly ModelInfo[], id: string): ModelInfo {
  return models.find((m) => m.id === id) ?? fallbackModel(id);
}

/** Names by the catalog the pickers show, for the chat's "Model changed to …". */
export function modelNames(models: readonly ModelInfo[]): (id: string) => string {
  return (id) => modelInfo(models, id).displayName;
}

/** One notice however many ways it is told (the event, app.info). */
export const MODEL_REPLACED_KEY = 'model-replaced';

export const createModelsSlice: SliceCreator<ModelsSlice> = (set, get, deps) => {
  const replaceModels = (models: ModelInfo[]) => {
    set({ models });
    get().syncContextWindow();
  };
  return {
    models: [...FALLBACK_MODELS],

    async loadModels() {
      const models = await callApi(deps, get, 'models.list', {});
      if (models) replaceModels(models);
    },

    modelsApplyEvent(event) {
      if (event.type === 'models_changed') replaceModels(event.models);
      if (event.type === 'model_replaced') {
        const { settings } = get();
        if (settings) set({ settings: { ...settings, model: event.model } });
        get().notify('info', event.message, MODEL_REPLACED_KEY);
      }
    },
  };
};
