import { CustomerDirectory } from '../data/customers';
const d = new CustomerDirectory({ seed: 7, count: 1_000_000, businessId: 'a'.repeat(24) });
const m = (label: string, f: (i: number) => void) => {
  for (let i = 0; i < 300; i++) f(i);
  const c0 = process.threadCpuUsage();
  for (let i = 0; i < 3000; i++) f(i);
  const c = process.threadCpuUsage(c0);
  console.log(label.padEnd(20), ((c.user + c.system) / 1000 / 3000).toFixed(3), 'ms/page');
};
for (let k = 0; k < 2; k++) {
  m('range only', (i) => d.range(i * 100, i * 100 + 100));
  m('rangeJson', (i) => d.rangeJson(i * 100, i * 100 + 100));
  m('rangeJson+buf', (i) => Buffer.from(d.rangeJson(i * 100, i * 100 + 100)));
  m('createdAtOf x100', (i) => { for (let j = 0; j < 100; j++) d.createdAtOf(i * 100 + j); });
  m('idOf x100', (i) => { for (let j = 0; j < 100; j++) d.idOf(i * 100 + j); });
}
const dd: any = d;
const ser = (c: any) => JSON.stringify(c);
for (let k = 0; k < 2; k++) {
  m('join+buf', (i) => { const parts: string[] = []; for (let j = 0; j < 100; j++) parts.push(JSON.stringify(d.at(i * 100 + j))); Buffer.from('[' + parts.join(',') + ']'); });
  m('stringify whole+buf', (i) => Buffer.from(JSON.stringify(d.range(i * 100, i * 100 + 100))));
  m('rangeJson+byteLength', (i) => Buffer.byteLength(d.rangeJson(i * 100, i * 100 + 100)));
  m('rangeJson+latin1', (i) => Buffer.from(d.rangeJson(i * 100, i * 100 + 100), 'latin1'));
}
