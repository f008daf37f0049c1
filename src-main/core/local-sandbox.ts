// The built-in local sandbox as the environment manager starts it (on first use of its environment), and
// the one running now, for the harness and tests.
import type { LocalSandbox } from '../environments/environment-manager-types';
import type { Logger } from '../ports/ports';
import { startSandbox } from '../sandbox';
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
