// The built-in local sandbox behind the `local-sandbox` environment: started on first use (a failed start
// is tried again on the next use), its address known once it runs, stopped when Card Desk closes.
import { errorMessage } from '../errors/error-message';
import type { Logger } from '../ports/ports';
import type { LocalSandbox } from './environment-manager-types';

export class LocalSandboxRunner {
  private starting: Promise<LocalSandbox> | null = null;
  private runningNow: LocalSandbox | null = null;

  constructor(
    private readonly start: () => Promise<LocalSandbox>,
    private readonly logger: Logger,
  ) {}

  /** The sandbox's address while it runs. */
  get url(): string | null {
    return this.runningNow?.url ?? null;
  }

  ensure(): Promise<LocalSandbox> {
    this.starting ??= this.start().then(
      (running) => {
        this.runningNow = running;
        this.logger.info({ url: running.url }, 'local sandbox started');
        return running;
      },
      (error: unknown) => {
        this.starting = null; // let the next call try again
        this.logger.error({ err: errorMessage(error) }, 'local sandbox failed to start');
        throw error;
      },
    );
    return this.starting;
  }

  async stop(): Promise<void> {
    const running = this.starting ? await this.starting.catch(() => null) : null;
    this.starting = null;
    this.runningNow = null;
    if (running) await running.stop();
  }
}
