import { useCallback, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useToast } from '../components/toaster';
import type { Language } from '../i18n/languages';
import type { MessageId } from '../i18n/messages';
import { useLanguage } from '../i18n/use-language';
import { toCsv } from './csv';
import { downloadTextFile } from './download';

/** What a cell may need: the reader's language, and their words (a status, "Yes"). */
export interface CsvContext {
  intl: IntlShape;
  language: Language;
}

type CsvCell = string | number | boolean | null | undefined;

/**
 * One column of an export: its heading in the reader's language, and its cell.
 * Dates are YYYY-MM-DD and amounts plain numbers, so a spreadsheet reads them
 * as dates and numbers.
 */
export interface CsvColumn<Row> {
  header: { id: MessageId };
  cell(row: Row, context: CsvContext): CsvCell;
}

/** The rows in the columns, headed; `toCsv` adds the byte order mark spreadsheets need to read Arabic. */
export function csvOf<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[], context: CsvContext): string {
  return toCsv([
    columns.map((column) => context.intl.formatMessage(column.header)),
    ...rows.map((row) => columns.map((column) => column.cell(row, context))),
  ]);
}

/** `<name>-YYYY-MM-DD.csv`, dated in the user's own calendar (not UTC). */
export function datedCsvFileName(name: string, now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${name}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** A toast's words (message descriptors, literal `{ id }`s), and the values the description takes. */
export interface CsvToast {
  title: { id: MessageId };
  description: { id: MessageId };
  values?: Record<string, string | number>;
}

export interface CsvExportOptions<Row> {
  fileName(now: Date): string;
  /** The rows could not be read (and, without `failed`, the file could not be made). */
  readFailed?: CsvToast;
  /** The file could not be made. */
  failed?: CsvToast;
  /** Said instead of a file when there is nothing to export; without it, an empty list is a file of headings. */
  empty?: CsvToast;
  /** Said once the file is made. */
  done?(rows: readonly Row[]): CsvToast;
}

/**
 * Downloads rows as CSV in `columns`, headed in the reader's language. The
 * rows are given, or read (`load`: every page that matches, not just the one
 * on screen). With the messages of `options` (or of the call, which win), it
 * says when they could not be read, when there are none, and when the file is
 * made. `isPending` while the rows are read. `columns` and `options` are
 * constants (or memoized).
 */
export function useCsvExport<Row>(columns: readonly CsvColumn<Row>[], options: CsvExportOptions<Row>) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const [isPending, setPending] = useState(false);
  const run = useCallback(
    async (
      source: readonly Row[] | (() => Promise<readonly Row[]>),
      overrides: Partial<CsvExportOptions<Row>> = {},
    ): Promise<void> => {
      const { fileName, readFailed, failed = readFailed, empty, done } = { ...options, ...overrides };
      const say = (words: CsvToast | undefined, variant?: 'error') => {
        if (!words) return;
        toast({
          ...(variant ? { variant } : {}),
          title: intl.formatMessage(words.title),
          description: intl.formatMessage(words.description, words.values),
        });
      };
      let rows: readonly Row[];
      try {
        rows = typeof source === 'function' ? await source() : source;
      } catch (error) {
        if (!readFailed) throw error;
        say(readFailed, 'error');
        return;
      }

      if (rows.length === 0 && empty) {
        say(empty, 'error');
        return;
      }
      try {
        downloadTextFile(fileName(new Date()), csvOf(rows, columns, { intl, language }), 'text/csv;charset=utf-8');
      } catch (error) {
        if (!failed) throw error;
        say(failed, 'error');
        return;
      }
      say(done?.(rows));
    },
    [columns, options, intl, language, toast],
  );
  const download = useCallback(
    async (...args: Parameters<typeof run>) => {
      setPending(true);
      try {
        await run(...args);
      } finally {
        setPending(false);
      }
    },
    [run],
  );
  return { download, isPending };
}
