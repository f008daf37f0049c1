import { describe, expect, it } from 'vitest';
import type { ExportProgress } from '../../../src-shared/ipc/channels/exports';
import { exportProgressSchema } from '../../../src-shared/ipc/channels/exports';
import { createProgressReporter } from '../../../src-main/exports/progress-reporter';
import type { Emit } from '../../../src-main/ports/ports';

describe('export progress reporter', () => {
  it('sends running updates at most once per interval and always the final one', () => {
    const sent: ExportProgress[] = [];
    const emit: Emit = (name, payload) => {
      expect(name).toBe('exports.progress');
      sent.push(payload as ExportProgress);
    };
    let clock = 0;
    const reporter = createProgressReporter('e1', emit, 100, () => clock);
    reporter.running({ rows: 100, pagesDone: 1, totalPages: 5 }); // sent (first)
    clock = 50;
    reporter.running({ rows: 200, pagesDone: 2, totalPages: 5 }); // held back
    clock = 120;
    reporter.running({ rows: 300, pagesDone: 3, totalPages: 5 }); // sent
    clock = 130;
    reporter.running({ rows: 400, pagesDone: 4, totalPages: 5 }); // held back
    reporter.finish({ rows: 450, pagesDone: 5, phase: 'done', file: 'exports/x.csv' });
    expect(sent.map((p) => [p.phase, p.rows])).toEqual([
      ['running', 100],
      ['running', 300],
      ['done', 450],
    ]);
    for (const p of sent) expect(exportProgressSchema.parse(p)).toEqual(p);
    expect(sent.at(-1)).toMatchObject({ exportId: 'e1', totalPages: 5, file: 'exports/x.csv' });
  });
});
