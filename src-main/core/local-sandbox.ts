// The built-in local sandbox as the environment manager starts it (on first use of its environment), and
// the one running now, for the harness and tests. Its code (the emulator and the seeded people's names,
// about a third of main's code) is loaded only then: a desk on a real server never loads it.
import type { LocalSandbox } from '../environments/environment-manager-types';
import type { Logger } from '../ports/ports';
import type { SandboxHandle, SandboxOptions } from '../sandbox/handle';

export class LocalSandboxes {
  private running: SandboxHandle | null = null;

  constructor(
    private readonly options: Omit<SandboxOptions, 'port' | 'key'> = {},
    private readonly logger?: Logger,
  ) {}

  /** The running sandbox, when one was started. */
  current(): SandboxHandle | null {
    return this.running;
  }

  async start(): Promise<LocalSandbox> {
    const { startSandbox } = await import('../sandbox');
    const started = await startSandbox({ ...this.options });
    this.running = started;
    this.logger?.info({ url: started.url }, 'local sandbox started');
    return {
      url: started.url,
      key: started.key,
      stop: async () => {
        await started.stop();
        if (this.running === started) this.running = null;
      },
    };
  }
}
