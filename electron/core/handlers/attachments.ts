// attachments.*: files uploaded in pieces before the message that carries them (SPEC §5 "Attachments").
import { checkRequest } from '../attachments/attachmentLimits';
import type { Handlers } from '../ipc/dispatcher';
import { conversationOf, type ViewContext } from './context';

type AttachmentHandlers = Pick<Handlers, 'attachments.begin' | 'attachments.append' | 'attachments.finish' | 'attachments.discard'>;

export function attachmentHandlers(ctx: ViewContext): AttachmentHandlers {
  const { attachments } = ctx;
  return {
    'attachments.begin': ({ name, size, data }) => ({ id: attachments.begin(name, size, Buffer.from(data, 'base64')) }),
    'attachments.append': ({ id, data }) => {
      attachments.append(id, Buffer.from(data, 'base64'));
      return { ok: true as const };
    },
    'attachments.finish': async ({ sessionId, id, with: others = [] }) => {
      const { agent } = conversationOf(ctx, sessionId);
      const window = () => agent.contextWindowFor(agent.getModel());
      const attachment = await attachments.finish(id, window());
      try {
        // Early word on the request limits, with the composer's other files; chat.send checks again.
        checkRequest(agent.getMessages(), [...attachments.factsOf(others.filter((o) => o !== id)), ...attachments.factsOf([id])], window());
      } catch (err) {
        attachments.discard(id);
        throw err;
      }
      return attachment;
    },
    'attachments.discard': ({ id }) => {
      attachments.discard(id);
      return { ok: true as const };
    },
  };
}
