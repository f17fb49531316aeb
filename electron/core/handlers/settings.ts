// settings.*: ordinary settings, and the API key, which is stored but never read back (SPEC §5, §6).
import type { Handlers } from '../ipc/dispatcher';
import { applyLanguage } from '../settings/language';
import { appInfo } from './app';
import type { CoreContext } from './context';

export function settingsHandlers(ctx: CoreContext): Pick<Handlers, 'settings.get' | 'settings.set' | 'settings.setApiKey'> {
  const { settings, apiKey, systemLocales } = ctx.options;
  return {
    'settings.get': () => settings.get(),
    'settings.set': (patch) => {
      const changed = settings.set(patch);
      applyLanguage(changed, systemLocales);
      ctx.views.route({ type: 'settings_changed', settings: changed });
      return changed;
    },
    'settings.setApiKey': (input) => {
      apiKey.set(input.apiKey);
      void ctx.models.refresh(); // the models this key may use
      return appInfo(ctx);
    },
  };
}
