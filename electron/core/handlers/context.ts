// What the call handlers work with: the parts of the core, built once by BatonCore, and the view (a
// window or a tab) whose call it is.
import type { PendingAttachments } from '../attachments/PendingAttachments';
import type { CoreOptions } from '../BatonCore';
import type { Conversation } from '../conversations/Conversation';
import type { Conversations } from '../conversations/Conversations';
import type { View, Views } from '../conversations/Views';
import type { ListedModel } from '../models/listedModel';
import type { ModelCatalog } from '../models/ModelCatalog';
import type { ProviderClient } from '../providerClient';
import type { SessionStore } from '../session/SessionStore';
import type { McpServers } from '../tools/mcp/McpServers';

export interface CoreContext {
  options: CoreOptions;
  store: SessionStore;
  conversations: Conversations;
  views: Views;
  provider: ProviderClient;
  models: ModelCatalog;
  listedModel: ListedModel;
  mcp: McpServers;
  /** Tells every view that Settings → Tools reads differently. */
  toolsChanged(): void;
}

/** The context of one view's calls. */
export interface ViewContext extends CoreContext {
  view: View;
  /** Files uploaded through this view: another window or tab cannot finish, send or drop them. */
  attachments: PendingAttachments;
}

/**
 * The conversation a call names, opened if it is not: a message sent to a session nobody shows (a view
 * that reconnected, say) still runs, and the session is released once it is done.
 */
export function conversationOf({ conversations }: CoreContext, sessionId: string): Conversation {
  return conversations.openSession(sessionId);
}
