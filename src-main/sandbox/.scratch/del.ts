import { startSandbox } from '../index';
const sb = await startSandbox({ customers: 10, enableControlRoute: true });
const r = await fetch(sb.url + '/__sandbox/faults', { method: 'DELETE', headers: { Authorization: sb.key } });
console.log(r.status, await r.text());
await sb.stop();
