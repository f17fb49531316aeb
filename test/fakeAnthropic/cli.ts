// Standalone fake for out-of-process users (Playwright, the web-mode app via ANTHROPIC_BASE_URL):
//   npx tsx test/fakeAnthropic/cli.ts [--port N] [--api-key KEY]
// prints one line `FAKE_ANTHROPIC_URL=http://127.0.0.1:N` and serves until killed; script it through /__fake/*.
import { startFakeAnthropic } from './server';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const portArg = flag('--port');
const port = portArg === undefined ? 0 : Number(portArg);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`fake-anthropic: bad --port ${portArg}`);
  process.exit(2);
}

const fake = await startFakeAnthropic({ port, apiKey: flag('--api-key') });
process.stdout.write(`FAKE_ANTHROPIC_URL=${fake.url}\n`);

const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
