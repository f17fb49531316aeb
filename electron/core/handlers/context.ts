// What the call handlers work with: the parts of the core, built once by BatonCore.
import type { AgentSession } from '../agent/AgentSession';
import type { PendingAttachments } from '../attachments/PendingAttachments';
import type { CoreOptions } from '../BatonCore';
import type { AutoHandoff } from '../handoff/AutoHandoff';
import type { ModelCatalog } from '../models/ModelCatalog';
import type { ProviderClient } from '../providerClient';
import type { SessionNavigator } from '../SessionNavigator';
import type { SessionStore } from '../session/SessionStore';

export interface CoreContext {
  options: CoreOptions;
  agent: AgentSession;
  store: SessionStore;
  sessions: SessionNavigator;
  provider: ProviderClient;
  models: ModelCatalog;
  attachments: PendingAttachments;
  autoHandoff: AutoHandoff;
}
