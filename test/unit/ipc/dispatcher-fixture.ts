// A handler table whose every handler records its calls: the dispatcher's behaviour is what is tested.
import { contract, type Channel } from '../../../src-shared/ipc/contract';
import { CHANNEL_NAMES } from '../../../src-shared/ipc/names';
import { ok } from '../../../src-shared/ipc/result';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';

export const TOP = { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: true };

export function recordingDispatcher() {
  const calls: { channel: Channel; input: unknown }[] = [];
  const handlers = Object.fromEntries(
    CHANNEL_NAMES.map((channel) => [
      channel,
      async (input: unknown) => {
        calls.push({ channel, input });
        // Every input the handler sees must pass its schema; a failure here fails the test.
        if (!contract[channel].input.safeParse(input).success)
          throw new Error(`handler got invalid input on ${channel}`);
        return ok(null);
      },
    ]),
  ) as unknown as HandlerTable;
  const cancels = new CancelRegistry();
  const dispatch = createDispatcher({ handlers, allowedOrigins: [APP_ORIGIN], cancels });
  return { dispatch, calls, handlers, cancels };
}
