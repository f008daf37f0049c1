// Handlers that never throw: anything unexpected becomes a Result, logged with the channel it came from.
// The dispatcher would catch a throw too, but only the handlers know their logger.
import type { Channel, OutputOf, ParsedInputOf } from '../../src-shared/ipc/contract';
import type { Result } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import type { Handler } from './handler';
import { unexpectedError } from './unexpected-error';

export type HandlerWork<C extends Channel> = (
  input: ParsedInputOf<C>,
  signal: AbortSignal,
) => Promise<Result<OutputOf<C>>>;

/** Gives `guard(channel, work)`: a handler running `work` and turning its throw into a Result logged to `logger`. */
export function handlerGuard(logger?: Logger) {
  return <C extends Channel>(channel: C, work: HandlerWork<C>): Handler<C> =>
    async (input, ctx) => {
      try {
        return await work(input, ctx.signal);
      } catch (error) {
        return unexpectedError(error, logger, channel);
      }
    };
}
