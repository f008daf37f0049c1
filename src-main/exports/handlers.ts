// IPC handlers for CSV exports. The export outlives the call that started it, so the call's own signal
// (the renderer leaving the page) does not cancel it; `exports.cancel` does.
import { err, ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import type { ExportService } from './service';

export function exportHandlers(service: ExportService): HandlersFor<'exports.start' | 'exports.cancel'> {
  return {
    'exports.start': async (input) => {
      try {
        return await service.start(input);
      } catch (e) {
        return err('internal', `The export could not start: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    'exports.cancel': async ({ exportId }) => {
      try {
        return ok(service.cancel(exportId));
      } catch (e) {
        return err('internal', `The export could not be cancelled: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
  };
}
