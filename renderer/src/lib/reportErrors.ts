// The page's own failures go to the main process's log (app.reportError): an exception nothing caught, a
// promise nobody handled, and (through the React root's onUncaughtError) a component that could not be
// drawn. A packaged app has no console anyone can open, so without this they would be lost.
import type { RootOptions } from 'react-dom/client';
import { REPORT_MESSAGE_MAX, REPORT_STACK_MAX, type BatonApi, type CallInput } from '../../../shared/contract';

type Kind = CallInput<'app.reportError'>['kind'];

/** Sends one failure; a report that cannot be sent is let go (reporting it would only fail again). */
export function reportError(api: BatonApi, kind: Kind, error: unknown, extraStack?: string): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = [error instanceof Error ? error.stack : undefined, extraStack].filter(Boolean).join('\n');
  void api['app.reportError']({
    kind,
    message: message.slice(0, REPORT_MESSAGE_MAX),
    ...(stack && { stack: stack.slice(0, REPORT_STACK_MAX) }),
  }).catch(() => {});
}

/** Reports the window's uncaught errors and unhandled rejections from now on. */
export function reportWindowErrors(api: BatonApi, target: Window = window): void {
  target.addEventListener('error', (event) => reportError(api, 'error', event.error ?? event.message));
  target.addEventListener('unhandledrejection', (event) => reportError(api, 'rejection', event.reason));
}

/** The React root's options that report a component failing to draw, with the components it sat in. */
export function reportingRootOptions(api: BatonApi): RootOptions {
  return {
    onUncaughtError: (error, info) => {
      reportError(api, 'render', error, info.componentStack);
      console.error(error); // for DevTools, where React would have put it
    },
  };
}
