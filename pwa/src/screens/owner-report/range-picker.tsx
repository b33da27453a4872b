import { t } from '@comanda/shared-schema';
import { type CalendarDate, parseDate } from '@internationalized/date';
import {
  Button,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
  RangeCalendar,
} from 'react-aria-components';
import { CalendarIcon } from './report-icons.tsx';
import { type DateRange, rangeProblem } from './report-range.ts';

/**
 * The report's period: two date fields (typed day by day, Italian order dd/mm/yyyy) and a range
 * calendar in a popover, react-aria's DateRangePicker in the Italian locale (weeks start on
 * Monday, month names in Italian). A range the server would refuse (over a year) shows why and
 * is not sent.
 */
export function RangePicker({
  value,
  today,
  onChange,
}: {
  value: DateRange;
  /** The venue's service date: later days have no figures yet and cannot be picked. */
  today: string;
  onChange: (range: DateRange) => void;
}) {
  const range = { start: parseDate(value.from), end: parseDate(value.to) };
  return (
    <I18nProvider locale="it-IT">
      <DateRangePicker<CalendarDate>
        className="report-picker field"
        value={range}
        maxValue={parseDate(today)}
        validate={(r) => (r ? rangeProblem({ from: r.start.toString(), to: r.end.toString() }) : null)}
        onChange={(r) => {
          if (!r) return;
          const next = { from: r.start.toString(), to: r.end.toString() };
          if (!rangeProblem(next)) onChange(next);
        }}
      >
        <Label>{t.reportRange}</Label>
        <Group className="report-picker-group">
          <DateInput slot="start" className="report-date-input">
            {(segment) => <DateSegment segment={segment} className="report-date-segment" />}
          </DateInput>
          <span aria-hidden="true" className="report-picker-dash">
            –
          </span>
          <DateInput slot="end" className="report-date-input">
            {(segment) => <DateSegment segment={segment} className="report-date-segment" />}
          </DateInput>
          <Button className="btn btn-ghost report-picker-button">
            <CalendarIcon />
          </Button>
        </Group>
        <FieldError className="field-error" />
        <Popover className="popover report-calendar-popover" placement="bottom start">
          <Dialog className="report-calendar-dialog">
            <RangeCalendar className="report-calendar">
              <header className="report-calendar-header">
                <Button slot="previous" className="btn btn-ghost">
                  ‹
                </Button>
                <Heading className="report-calendar-heading" />
                <Button slot="next" className="btn btn-ghost">
                  ›
                </Button>
              </header>
              <CalendarGrid className="report-calendar-grid">
                {(date) => <CalendarCell date={date} className="report-calendar-cell" />}
              </CalendarGrid>
            </RangeCalendar>
          </Dialog>
        </Popover>
      </DateRangePicker>
    </I18nProvider>
  );
}
