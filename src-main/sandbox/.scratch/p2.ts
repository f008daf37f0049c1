import { CustomerDirectory } from '../data/customers';
const d = new CustomerDirectory({ seed: 1, count: 1_000_000, businessId: 'x'.repeat(24) });
function ser(c: any): string {
  const i = c.individual, a = c.billingAddress, docs = i.documents, id = i.identity;
  return `{"_id":"${c._id}","business":"${c.business}","type":"${c.type}","name":"${c.name}","status":"${c.status}","isApproved":${c.isApproved},"phoneNumber":"${c.phoneNumber}","emailAddress":"${c.emailAddress}","individual":{"firstName":"${i.firstName}","lastName":"${i.lastName}","otherNames":"${i.otherNames}","dob":"${i.dob}","identity":{"type":"${id.type}","number":"${id.number}"},"documents":{"idFrontUrl":"${docs.idFrontUrl}","idBackUrl":"${docs.idBackUrl}","addressVerificationUrl":"${docs.addressVerificationUrl}"}},"billingAddress":{"line1":"${a.line1}","line2":"${a.line2}","city":"${a.city}","state":"${a.state}","postalCode":"${a.postalCode}","country":"${a.country}"},"createdAt":"${c.createdAt}","updatedAt":"${c.updatedAt}","__v":0}`;
}
for (let k = 0; k < 3; k++) {
let t = performance.now();
for (let i = 0; i < 500; i++) JSON.stringify(d.range(i * 100, i * 100 + 100));
console.log('gen+stringify per page ms', (performance.now() - t) / 500);
t = performance.now();
for (let i = 0; i < 500; i++) { const r = d.range(i * 100, i * 100 + 100); let s = '['; for (const c of r) s += ser(c) + ','; Buffer.from(s); }
console.log('gen+template per page ms', (performance.now() - t) / 500);
t = performance.now();
for (let i = 0; i < 500; i++) { d.range(i * 100, i * 100 + 100); }
console.log('gen only', (performance.now() - t) / 500);
}
