// IPC handlers for CSV exports. The export outlives the call that started it, so the call's own signal
// (the renderer leaving the page) does not cancel it; `exports.cancel` does. The service words its own
// failures; anything it throws is answered at the IPC boundary (src-main/ipc/register.ts).
import { ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import type { ExportService } from './service';

export function exportHandlers(service: ExportService): HandlersFor<'exports.start' | 'exports.cancel'> {
  return {
    'exports.start': (input) => service.start(input),
    'exports.cancel': async ({ exportId }) => ok(service.cancel(exportId)),
  };
}
