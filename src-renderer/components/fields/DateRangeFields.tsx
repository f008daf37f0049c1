// "From date" / "To date" inputs (days typed as the app writes them, `DayInput`) with quick ranges. Both dates are inclusive and optional; the rule that
// From is not after To is the shared one the API request is checked with.
import '../components.css';
import { subDays } from 'date-fns';
import { authorizationsListQuerySchema } from '../../../src-shared/api/requests';
import { toDateInput } from '../../lib/format';
import { FieldError } from './FieldError';
import { DayInput } from './DayInput';

export interface DateRange {
  fromDate: string;
  toDate: string;
}

const FIELD_LABELS: Record<string, string> = { fromDate: 'From date', toDate: 'To date' };

/** The last `days` days up to today (inclusive), in local dates. */
export function lastDays(days: number, today = new Date()): DateRange {
  return { fromDate: toDateInput(subDays(today, days - 1)), toDate: toDateInput(today) };
}

/** Why this range cannot be asked for, in the words of the form, or null. */
export function dateRangeProblem(range: DateRange): string | null {
  const parsed = authorizationsListQuerySchema.safeParse({
    fromDate: range.fromDate || undefined,
    toDate: range.toDate || undefined,
  });
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message ?? 'The date range is not valid';
  return message.replace(/\b(fromDate|toDate)\b/g, (name) => FIELD_LABELS[name] ?? name);
}

const PRESETS = [7, 30, 90] as const;

export function DateRangeFields({
  value,
  onChange,
}: {
  value: DateRange;
  onChange: (next: DateRange) => void;
}): React.JSX.Element {
  const problem = dateRangeProblem(value);
  return (
    <fieldset className="date-range">
      <legend className="visually-hidden">Date range</legend>
      <DayInput
        label="From date"
        value={value.fromDate}
        invalid={!!problem}
        onChange={(fromDate) => onChange({ ...value, fromDate })}
      />
      <DayInput
        label="To date"
        value={value.toDate}
        invalid={!!problem}
        onChange={(toDate) => onChange({ ...value, toDate })}
      />
      <div className="range-presets" role="group" aria-label="Quick ranges">
        {PRESETS.map((days) => {
          const range = lastDays(days);
          const current = range.fromDate === value.fromDate && range.toDate === value.toDate;
          return (
            <button key={days} type="button" aria-pressed={current} onClick={() => onChange(range)}>
              {days} days
            </button>
          );
        })}
      </div>
      <FieldError message={problem} />
    </fieldset>
  );
}
