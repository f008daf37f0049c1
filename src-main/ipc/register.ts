// The one door from the renderer into main: check the sender, validate the input with the contract, apply
// the guards the channel declares (guards.ts), call the handler, and always answer a Result (Electron keeps only error.message of a thrown error).
import type { ChannelGuards } from '../../src-shared/ipc/channels/common';
import { contract } from '../../src-shared/ipc/contract';
import { isChannelName } from '../../src-shared/ipc/names';
import { err, validationError, type Result } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import { failureFrom, logFailure } from './failure';
import type { CancelRegistry } from './cancel-registry';
import type { HandlerTable } from './handler';
import { guardRefusal, type DispatchGuards } from './guards';
import { isTrustedSender, type SenderInfo } from './sender';

export interface DispatcherOptions {
  handlers: HandlerTable;
  /** What the channels' declared guards ask (the lock, approvals); without them, none is applied (tests of one room). */
  guards?: DispatchGuards;
  allowedOrigins: readonly string[];
  cancels: CancelRegistry;
  logger?: Logger;
}

export type Dispatch = (
  channel: unknown,
  sender: SenderInfo,
  input: unknown,
  options?: unknown,
) => Promise<Result<unknown>>;

function requestIdOf(options: unknown): string | undefined {
  if (!options || typeof options !== 'object') return undefined;
  const id = (options as { requestId?: unknown }).requestId;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : undefined;
}

function isResult(value: unknown): value is Result<unknown> {
  if (!value || typeof value !== 'object') return false;
  const v = value as { ok?: unknown; error?: unknown };
  return v.ok === true || (v.ok === false && typeof v.error === 'object' && v.error !== null);
}

export function createDispatcher({ handlers, guards, allowedOrigins, cancels, logger }: DispatcherOptions): Dispatch {
  return async (channel, sender, input, options) => {
    if (!isChannelName(channel)) return err('forbidden', 'Card Desk does not know that request.');
    if (!isTrustedSender(sender, allowedOrigins)) {
      logger?.warn(
        { channel, frameUrl: String(sender.frameUrl ?? ''), isTopFrame: sender.isTopFrame },
        'IPC from an untrusted sender refused',
      );
      return err('forbidden', 'This request did not come from the Card Desk window and was refused.');
    }
    const spec = contract[channel];
    const parsed = spec.input.safeParse(input);
    if (!parsed.success) return validationError(parsed.error.issues);
    const call = cancels.open(requestIdOf(options));
    let result: Result<unknown>;
    try {
      const handler = handlers[channel] as (i: unknown, ctx: { signal: AbortSignal }) => Promise<unknown>;
      const refused = guards ? await guardRefusal(spec.guards as ChannelGuards, parsed.data, guards) : null;
      const answer = refused ?? (await handler(parsed.data, { signal: call.signal }));
      result = isResult(answer) ? answer : failureFrom(new Error('the handler answered something other than a Result'));
    } catch (e) {
      result = failureFrom(e);
    } finally {
      call.close();
    }
    if (!result.ok) logFailure(logger, channel, result);
    return result;
  };
}
