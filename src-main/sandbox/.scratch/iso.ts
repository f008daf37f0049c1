import { isoTime } from '../data/iso-time';
let bad = 0;
for (let i = 0; i < 2_000_000; i++) { const ms = Math.floor(Math.random() * 8e12); if (isoTime(ms) !== new Date(ms).toISOString()) bad++; }
for (const ms of [0, 86_399_999, 86_400_000, Date.UTC(2024,1,29,23,59,59,999), Date.UTC(2000,0,1)]) if (isoTime(ms) !== new Date(ms).toISOString()) bad++;
console.log('mismatches', bad);
