import { Button, Flex, IconButton, Popover, Text } from '@radix-ui/themes';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../i18n/use-language';
import { addDays, daysInMonth, isoOf, parseIsoDay, todayIso, useDayFormatter, utcMidnight } from '../lib/dates';
import { CalendarIcon, ChevronBackIcon, ChevronForwardIcon, ChevronsBackIcon, ChevronsForwardIcon } from './icons';

/** Specification 001 §9: the earliest date any calendar offers. */
export const EARLIEST_DATE = '1900-01-01';

export interface DatePickerProps {
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange(value: string): void;
  /** The field's label, for the button's accessible name (which also says the chosen date). */
  label: string;
  placeholder: string;
  /** Days before this one cannot be picked (never before 1900-01-01). */
  min?: string;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-required'?: boolean | undefined;
}

/**
 * A button showing the chosen day (or the placeholder) that opens a month
 * calendar. Keyboard: arrows move by day and week (following the reading
 * direction), Page Up/Down by month, Shift+Page Up/Down by year, Home/End to the
 * week's ends, Enter or Space picks.
 */
export function DatePicker({ value, onChange, label, placeholder, min, disabled, id, ...aria }: DatePickerProps) {
  const formatDay = useDayFormatter();
  const [open, setOpen] = useState(false);
  const earliest = min && min > EARLIEST_DATE ? min : EARLIEST_DATE;
  const shown = value ? formatDay(value) : placeholder;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <Button
          type="button"
          variant="surface"
          color="gray"
          id={id}
          disabled={disabled}
          className="date-picker-trigger"
          aria-label={`${label}: ${shown}`}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby']}
          aria-required={aria['aria-required']}
          data-placeholder={value ? undefined : ''}
        >
          <CalendarIcon />
          <span className="date-picker-value">{shown}</span>
        </Button>
      </Popover.Trigger>
      <Popover.Content size="2" className="date-picker-content" onOpenAutoFocus={(event) => event.preventDefault()}>
        <Calendar
          value={value}
          min={earliest}
          label={label}
          onPick={(day) => {
            onChange(day);
            setOpen(false);
          }}
        />
      </Popover.Content>
    </Popover.Root>
  );
}

interface CalendarProps {
  value: string;
  min: string;
  label: string;
  onPick(day: string): void;
}

function Calendar({ value, min, label, onPick }: CalendarProps) {
  const intl = useIntl();
  const { language, direction } = useLanguage();
  const today = todayIso();
  // The chosen day, else today; never a day that cannot be picked (an old batch may hold a past date).
  const start = parseIsoDay(value) ? value : today;
  const initial = start < min ? min : start;
  const [focused, setFocusedDay] = useState(initial);
  // Days before `min` cannot take focus (they are disabled), so moving there stops at `min`.
  const setFocused = (day: string) => setFocusedDay(day < min ? min : day);
  const focusedDay = parseIsoDay(focused) ?? { year: 2000, month: 1, day: 1 };
  const grid = useRef<HTMLDivElement>(null);

  // Keep the focused day's button focused as it moves (and on opening).
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  // Jordan and the Gulf start the week on Saturday; English readers expect Sunday.
  const weekStart = language === 'ar' ? 6 : 0;
  const weekdays = useMemo(() => {
    const format = new Intl.DateTimeFormat(intl.locale, { weekday: 'short', timeZone: 'UTC' });
    const longFormat = new Intl.DateTimeFormat(intl.locale, { weekday: 'long', timeZone: 'UTC' });
    // 2023-01-01 was a Sunday.
    return Array.from({ length: 7 }, (_, index) => {
      const at = Date.UTC(2023, 0, 1 + ((weekStart + index) % 7));
      return { short: format.format(at), long: longFormat.format(at) };
    });
  }, [intl.locale, weekStart]);

  const weeks = useMemo(() => {
    const first = isoOf(focusedDay.year, focusedDay.month, 1);
    const offset = (new Date(utcMidnight(first)).getUTCDay() - weekStart + 7) % 7;
    const count = daysInMonth(focusedDay.year, focusedDay.month);
    const cells: (string | null)[] = [
      ...Array.from({ length: offset }, () => null),
      ...Array.from({ length: count }, (_, index) => isoOf(focusedDay.year, focusedDay.month, index + 1)),
    ];
    while (cells.length % 7 !== 0) cells.push(null);
    return Array.from({ length: cells.length / 7 }, (_, index) => cells.slice(index * 7, index * 7 + 7));
  }, [focusedDay.year, focusedDay.month, weekStart]);

  const monthLabel = intl.formatDate(Date.UTC(focusedDay.year, focusedDay.month - 1, 1), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dayLabel = (day: string) => intl.formatDate(utcMidnight(day), { dateStyle: 'full', timeZone: 'UTC' });

  const moveMonths = (months: number) => {
    const index = focusedDay.year * 12 + (focusedDay.month - 1) + months;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    setFocused(isoOf(year, month, Math.min(focusedDay.day, daysInMonth(year, month))));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const forward = direction === 'rtl' ? -1 : 1;
    const weekday = (new Date(utcMidnight(focused)).getUTCDay() - weekStart + 7) % 7;
    const moves: Record<string, () => void> = {
      ArrowRight: () => setFocused(addDays(focused, forward)),
      ArrowLeft: () => setFocused(addDays(focused, -forward)),
      ArrowDown: () => setFocused(addDays(focused, 7)),
      ArrowUp: () => setFocused(addDays(focused, -7)),
      Home: () => setFocused(addDays(focused, -weekday)),
      End: () => setFocused(addDays(focused, 6 - weekday)),
      PageUp: () => moveMonths(event.shiftKey ? -12 : -1),
      PageDown: () => moveMonths(event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  };

  const navButton = (months: number, text: string, icon: ReactNode) => (
    <IconButton
      type="button"
      size="1"
      variant="ghost"
      color="gray"
      aria-label={text}
      onClick={() => moveMonths(months)}
      disabled={months < 0 && isoOf(focusedDay.year, focusedDay.month, 1) <= min}
    >
      {icon}
    </IconButton>
  );

  return (
    <Flex direction="column" gap="2" className="calendar">
      <Flex align="center" justify="between" gap="2">
        <Flex gap="2">
          {navButton(-12, intl.formatMessage({ id: 'datePicker.previousYear' }), <ChevronsBackIcon />)}
          {navButton(-1, intl.formatMessage({ id: 'datePicker.previousMonth' }), <ChevronBackIcon />)}
        </Flex>
        <Text size="2" weight="medium" aria-live="polite">
          {monthLabel}
        </Text>
        <Flex gap="2">
          {navButton(1, intl.formatMessage({ id: 'datePicker.nextMonth' }), <ChevronForwardIcon />)}
          {navButton(12, intl.formatMessage({ id: 'datePicker.nextYear' }), <ChevronsForwardIcon />)}
        </Flex>
      </Flex>
      <div role="grid" aria-label={`${label}, ${monthLabel}`} ref={grid} onKeyDown={onKeyDown}>
        <div role="row" className="calendar-row">
          {weekdays.map((weekday) => (
            <div role="columnheader" key={weekday.long} aria-label={weekday.long} className="calendar-weekday">
              {weekday.short}
            </div>
          ))}
        </div>
        {weeks.map((week, index) => (
          <div role="row" className="calendar-row" key={index}>
            {week.map((day, column) =>
              day === null ? (
                <div role="gridcell" key={`empty-${column}`} />
              ) : (
                <div role="gridcell" key={day} aria-selected={day === value}>
                  <button
                    type="button"
                    className="calendar-day"
                    data-day={day}
                    data-selected={day === value || undefined}
                    data-today={day === today || undefined}
                    aria-current={day === today ? 'date' : undefined}
                    aria-label={dayLabel(day)}
                    tabIndex={day === focused ? 0 : -1}
                    disabled={day < min}
                    onClick={() => onPick(day)}
                    onFocus={() => setFocused(day)}
                  >
                    {intl.formatNumber(Number(day.slice(8)))}
                  </button>
                </div>
              ),
            )}
          </div>
        ))}
      </div>
    </Flex>
  );
}
