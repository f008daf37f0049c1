import { CustomerDirectory } from '../data/customers';
const d = new CustomerDirectory({ seed: 1, count: 1_000_000, businessId: 'x'.repeat(24) });
const q = (s: string) => `"${s}"`;
function ser(c: any): string {
  const i = c.individual, a = c.billingAddress, docs = i.documents, id = i.identity;
  return `{"_id":"${c._id}","business":"${c.business}","type":${q(c.type)},"name":${q(c.name)},"status":${q(c.status)},"isApproved":${c.isApproved},"phoneNumber":${q(c.phoneNumber)},"emailAddress":${q(c.emailAddress)},"individual":{"firstName":${q(i.firstName)},"lastName":${q(i.lastName)},"otherNames":${q(i.otherNames)},"dob":${q(i.dob)},"identity":{"type":${q(id.type)},"number":${q(id.number)}},"documents":{"idFrontUrl":${q(docs.idFrontUrl)},"idBackUrl":${q(docs.idBackUrl)},"addressVerificationUrl":${q(docs.addressVerificationUrl)}}},"billingAddress":{"line1":${q(a.line1)},"line2":${q(a.line2)},"city":${q(a.city)},"state":${q(a.state)},"postalCode":${q(a.postalCode)},"country":${q(a.country)}},"createdAt":"${c.createdAt}","updatedAt":"${c.updatedAt}","__v":0}`;
}
const page = d.range(0, 100);
for (let k = 0; k < 3; k++) {
let c0 = process.cpuUsage();
for (let i = 0; i < 3000; i++) Buffer.from(JSON.stringify(page));
let c = process.cpuUsage(c0);
console.log('stringify+buf cpu per page ms', ((c.user + c.system) / 1000 / 3000).toFixed(3));
c0 = process.cpuUsage();
for (let i = 0; i < 3000; i++) { let s = '['; for (const x of page) s += ser(x) + ','; Buffer.from(s); }
c = process.cpuUsage(c0);
console.log('template+buf cpu per page ms', ((c.user + c.system) / 1000 / 3000).toFixed(3));
}
