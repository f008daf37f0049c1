// The Journal's filters beyond search and outcome: which write (card or account), the days (UTC,
// inclusive) and the customer (name or id). All in the address; the export applies the same query.
import { WRITE_KINDS, WRITE_KIND_NAMES, type WriteKind } from '../../../src-shared/ipc/write-kinds';
import { DateRangeFields } from '../../components/fields/DateRangeFields';

export const JOURNAL_FILTER_DEFAULTS = { operation: '', fromDate: '', toDate: '', customer: '' };
export type JournalFilterValues = typeof JOURNAL_FILTER_DEFAULTS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function cleanJournalFilters(raw: JournalFilterValues): JournalFilterValues {
  return {
    operation: (WRITE_KIND_NAMES as readonly string[]).includes(raw.operation) ? raw.operation : '',
    fromDate: DAY.test(raw.fromDate) ? raw.fromDate : '',
    toDate: DAY.test(raw.toDate) ? raw.toDate : '',
    customer: raw.customer.slice(0, 200),
  };
}

/** The part of `journal.list`'s query these filters make. */
export function journalFilterQuery(v: JournalFilterValues) {
  return {
    ...(v.operation ? { operation: v.operation as WriteKind } : {}),
    ...(v.fromDate ? { fromDate: v.fromDate } : {}),
    ...(v.toDate ? { toDate: v.toDate } : {}),
    ...(v.customer.trim() ? { customer: v.customer.trim() } : {}),
  };
}

export function JournalFilters({
  values,
  onChange,
}: {
  values: JournalFilterValues;
  onChange: (patch: Partial<JournalFilterValues> & { page?: string }) => void;
}): React.JSX.Element {
  return (
    <div className="filters-row" role="group" aria-label="Filters">
      <label>
        Write
        <select value={values.operation} onChange={(e) => onChange({ operation: e.target.value, page: '0' })}>
          <option value="">Cards and accounts</option>
          {WRITE_KIND_NAMES.map((kind) => (
            <option key={kind} value={kind}>
              {WRITE_KINDS[kind].words.filter}
            </option>
          ))}
        </select>
      </label>
      <DateRangeFields
        value={{ fromDate: values.fromDate, toDate: values.toDate }}
        onChange={(next) => onChange({ fromDate: next.fromDate, toDate: next.toDate, page: '0' })}
      />
      <label>
        Customer
        <input
          type="search"
          value={values.customer}
          placeholder="Name or id"
          size={18}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange({ customer: e.target.value, page: '0' })}
        />
      </label>
    </div>
  );
}
