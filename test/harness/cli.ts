// `npm run harness -- [--port N] [--api-base-url URL --api-key KEY] [--data-dir DIR]`
import { parseArgs } from 'node:util';
import { startHarness } from './server';
import { errorMessage } from '../../src-main/errors/error-message';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'api-base-url': { type: 'string' },
    'api-key': { type: 'string' },
    'data-dir': { type: 'string' },
    'save-dir': { type: 'string' },
  },
});

const port = values.port ? Number(values.port) : 0;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('--port must be a port number');
  process.exit(2);
}
try {
  const harness = await startHarness({
    port,
    apiBaseUrl: values['api-base-url'],
    apiKey: values['api-key'],
    dataDir: values['data-dir'],
    saveDir: values['save-dir'],
  });
  console.log(`${harness.url}#/overview`);
  const stop = () => void harness.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(errorMessage(e));
  process.exit(1);
}
