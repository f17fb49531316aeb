// The default model is one the key may use (SPEC §3 "Models"): when a list fetched from the Models API
// lacks the configured model, a listed one replaces it in the settings and the user is told once — by
// an event to the views open then, and by app.info to the first view that asks after it.
import type { BatonEvent } from '../../../shared/contract';
import { replacementModel, type ModelInfo } from '../../../shared/models';
import { texts } from '../../../shared/texts';
import type { SettingsStore } from '../settings/SettingsStore';
import { log as coreLog } from '../log';
import { loggableMessage } from '../storage/errors';

export class ListedModel {
  private untold: string | undefined;

  constructor(
    private readonly settings: Pick<SettingsStore, 'get' | 'set'>,
    private readonly emit: (event: BatonEvent) => void,
    // The core's log, so the line reaches baton.log with the key taken out.
    private readonly log: (line: string) => void = coreLog.warn,
  ) {}

  /** Called with each list fetched from the Models API. */
  check(listed: readonly ModelInfo[]): void {
    const from = this.settings.get().model;
    const to = replacementModel(from, listed);
    if (to === undefined) return;
    try {
      this.settings.set({ model: to });
    } catch (err) {
      this.log(`Could not switch from ${from}, which this API key does not list, to ${to}: ${loggableMessage(err)}`);
      return;
    }
    const name = listed.find((model) => model.id === to)?.displayName ?? to;
    const message = texts.modelReplaced(from, name);
    this.log(message);
    this.untold = message;
    this.emit({ type: 'model_replaced', model: to, message });
  }

  /** The notice for app.info, once. */
  take(): string | undefined {
    const message = this.untold;
    this.untold = undefined;
    return message;
  }
}
