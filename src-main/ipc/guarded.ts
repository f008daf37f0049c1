// Handlers that never throw: a throw becomes a Result through the error boundary (failure.ts). The
// dispatcher logs it, once, with its channel.
import type { Channel, OutputOf, ParsedInputOf } from '../../src-shared/ipc/contract';
import type { Result } from '../../src-shared/ipc/result';
import { failureFrom } from './failure';
import type { Handler } from './handler';

export type HandlerWork<C extends Channel> = (
  input: ParsedInputOf<C>,
  signal: AbortSignal,
) => Promise<Result<OutputOf<C>>>;

/** Gives `guard(channel, work)`: a handler running `work` and turning its throw into a Result. */
export function handlerGuard() {
  return <C extends Channel>(_channel: C, work: HandlerWork<C>): Handler<C> =>
    async (input, ctx) => {
      try {
        return await work(input, ctx.signal);
      } catch (error) {
        return failureFrom(error);
      }
    };
}
