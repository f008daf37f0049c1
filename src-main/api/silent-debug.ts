// Stands in for the `debug` package in the bundled app (electron.vite.config.ts aliases it here). The proxy
// agents log through it when the DEBUG variable asks, and their lines carry the proxy's URL with its user
// name and password: the app writes none of them. It also keeps `debug`'s run-time requires of tty, os and
// util out of the cache worker's self-contained ES module, where they cannot load.
type Log = ((...args: unknown[]) => void) & { enabled: boolean; namespace: string };

export default function createDebug(namespace: string): Log {
  return Object.assign(() => undefined, { enabled: false, namespace });
}
