// models.*: the models to offer, from the model catalog (SPEC §3 "Models").
import type { Handlers } from '../ipc/dispatcher';
import type { CoreContext } from './context';

export function modelsHandlers({ models }: CoreContext): Pick<Handlers, 'models.list'> {
  return {
    'models.list': () => {
      void models.refreshIfStale();
      return models.list();
    },
  };
}
