// Imported first by main.tsx: zod compiles fast object parsers with `new Function` when a schema is
// created, which the CSP (no unsafe-eval) forbids — so this must run before any schema module loads.
import { config } from 'zod';

config({ jitless: true });
