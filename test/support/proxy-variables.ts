// The proxy variables of this process, set for a test and put back after it (vitest runs each file in a
// process of its own, so a file's changes never reach another).
const PROXY_VARIABLES = [
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
  'ALL_PROXY',
  'all_proxy',
];

export function proxyVariables() {
  const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
  return {
    /** Clears every proxy variable, then sets `vars`. */
    set(vars: Record<string, string>): void {
      for (const name of PROXY_VARIABLES) delete process.env[name];
      Object.assign(process.env, vars);
    },
    /** Puts back what the process had. */
    restore(): void {
      for (const name of PROXY_VARIABLES) {
        const value = saved[name];
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}
