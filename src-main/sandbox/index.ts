// The local sandbox: a faithful emulator of the card API over real HTTP on 127.0.0.1.
export { startSandbox, generateSandboxKey, DEFAULT_CUSTOMERS, DEFAULT_RATE_LIMIT, DEFAULT_SEED } from './server';
export type {
  FaultKind,
  FaultRule,
  SandboxEndpoint,
  SandboxFixtures,
  SandboxHandle,
  SandboxOptions,
  SandboxRequestLogEntry,
} from './handle';
