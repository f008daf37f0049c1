// IPC handlers for CSV exports. The export outlives the call that started it, so the call's own signal
// (the renderer leaving the page) does not cancel it; `exports.cancel` does.
import { ok } from '../../src-shared/ipc/result';
import { errorMessage } from '../errors/error-message';
import { failureFrom } from '../ipc/failure';
import type { HandlersFor } from '../ipc/handler';
import type { ExportService } from './service';

export function exportHandlers(service: ExportService): HandlersFor<'exports.start' | 'exports.cancel'> {
  return {
    'exports.start': async (input) => {
      try {
        return await service.start(input);
      } catch (e) {
        return failureFrom(e, `The export could not start: ${errorMessage(e)}`);
      }
    },
    'exports.cancel': async ({ exportId }) => {
      try {
        return ok(service.cancel(exportId));
      } catch (e) {
        return failureFrom(e, `The export could not be cancelled: ${errorMessage(e)}`);
      }
    },
  };
}
