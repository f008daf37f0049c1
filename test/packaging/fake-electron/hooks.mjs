// Module hooks that hand the packaged main process this folder's stand-in for `electron`.
const FAKE = new URL('./electron.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: FAKE, shortCircuit: true };
  return nextResolve(specifier, context);
}
