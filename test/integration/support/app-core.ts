// The app's composition root for integration tests: the real core on a data folder, with nowhere to save
// to, no browser to open, no window to tell, and its log in that folder. A test passes what it needs to see.
import { join } from 'node:path';
import { contract, type InputOf } from '../../../src-shared/ipc/contract';
import type { ChannelName } from '../../../src-shared/ipc/names';
import { createAppCore, type AppCore } from '../../../src-main/core/app-core';
import { createLogger } from '../../../src-main/logging/logger';
import { guardRefusal } from '../../../src-main/ipc/guards';
import type { ChannelGuards } from '../../../src-shared/ipc/channels/common';

type AppCoreOptions = Parameters<typeof createAppCore>[0];

export function testAppCore(dataDir: string, options: Partial<AppCoreOptions> = {}): Promise<AppCore> {
  return createAppCore({
    dataDir,
    saveFile: { chooseSavePath: async () => null },
    openExternal: async () => undefined,
    emit: () => undefined,
    logger: createLogger({ file: join(dataDir, 'logs', 'main.log') }),
    ...options,
  });
}

/**
 * Calls a handler of `core` as the dispatcher does (the input checked by the contract first, then the guards
 * the channel declares); its data, or throws its message.
 */
export async function callCore<C extends ChannelName>(core: AppCore, channel: C, input: InputOf<C>): Promise<unknown> {
  const parsed = contract[channel].input.parse(input);
  const handler = core.handlers[channel] as unknown as (i: unknown, ctx: { signal: AbortSignal }) => Promise<unknown>;
  const refused = await guardRefusal(contract[channel].guards as ChannelGuards, parsed, core.guards);
  const result = (refused ?? (await handler(parsed, { signal: new AbortController().signal }))) as
    { ok: true; data: unknown } | { ok: false; error: { kind: string; message: string } };
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.data;
}
