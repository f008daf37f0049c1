// `node --import ./register.mjs out/main/index.js`: runs the built main process with the stand-in electron.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
