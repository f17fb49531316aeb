// @vitest-environment happy-dom
// The page's failures are sent to the main process's log (app.reportError): an error nothing caught, a
// promise nobody handled, a component that could not be drawn (with the components it sat in).
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { REPORT_MESSAGE_MAX } from '../../shared/contract';
import { reportingRootOptions, reportWindowErrors } from '../../renderer/src/lib/reportErrors';
import { fakeApi } from './harness';

afterEach(() => {
  vi.restoreAllMocks();
});

it('sends an uncaught error and an unhandled rejection, with their stacks, cut to what the contract takes', () => {
  const fake = fakeApi({ 'app.reportError': () => ({ logged: true }) });
  const target = new EventTarget() as Window;
  reportWindowErrors(fake.api, target);
  const error = new TypeError('x is undefined');
  target.dispatchEvent(Object.assign(new Event('error'), { error, message: 'Uncaught TypeError: x is undefined' }));
  target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'y'.repeat(REPORT_MESSAGE_MAX + 10) }));
  target.dispatchEvent(Object.assign(new Event('error'), { error: null, message: 'Script error.' }));
  expect(fake.callsTo('app.reportError')).toEqual([
    { kind: 'error', message: 'TypeError: x is undefined', stack: error.stack },
    { kind: 'rejection', message: 'y'.repeat(REPORT_MESSAGE_MAX) },
    { kind: 'error', message: 'Script error.' },
  ]);
});

it('sends a component that failed to draw, naming the component', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const fake = fakeApi({ 'app.reportError': () => ({ logged: true }) });
  function Broken(): never {
    throw new Error('cannot draw this');
  }
  // Outside act, as in the app: act would take the failure itself and never give it to the root.
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  global.IS_REACT_ACT_ENVIRONMENT = false;
  const root = createRoot(document.createElement('div'), reportingRootOptions(fake.api));
  try {
    root.render(<section><Broken /></section>);
    await expect.poll(() => fake.callsTo('app.reportError')).toHaveLength(1);
    const [report] = fake.callsTo('app.reportError') as { kind: string; message: string; stack: string }[];
    expect(report).toMatchObject({ kind: 'render', message: 'Error: cannot draw this' });
    expect(report!.stack).toMatch(/cannot draw this[\s\S]*\n\s*at section/); // the components it sat in, after its own stack
  } finally {
    root.unmount();
    global.IS_REACT_ACT_ENVIRONMENT = true;
  }
});

it('lets a report go that cannot be sent, without a failure of its own', async () => {
  const fake = fakeApi({ 'app.reportError': () => Promise.reject(new Error('connection lost')) });
  const target = new EventTarget() as Window;
  reportWindowErrors(fake.api, target);
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('first') }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(rejections).toEqual([]);
    expect(fake.callsTo('app.reportError')).toHaveLength(1);
  } finally {
    process.off('unhandledRejection', onRejection);
  }
});
