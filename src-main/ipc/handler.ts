import type { Channel, OutputOf, ParsedInputOf } from '../../src-shared/ipc/contract';
import type { Result } from '../../src-shared/ipc/result';

export interface HandlerContext {
  /** Aborted when the renderer cancels the call (it left the page) or the app shuts down. */
  signal: AbortSignal;
}
/** A handler gets input that already passed the channel's schema, and returns a Result; it never throws. */
export type Handler<C extends Channel> = (input: ParsedInputOf<C>, ctx: HandlerContext) => Promise<Result<OutputOf<C>>>;
export type HandlerTable = { [C in Channel]: Handler<C> };
export type HandlersFor<K extends Channel> = { [C in K]: Handler<C> };
