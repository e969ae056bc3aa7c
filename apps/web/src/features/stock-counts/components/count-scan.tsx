import { Button, Card, Flex, Grid, Text, TextField } from '@radix-ui/themes';
import { useState, type FormEvent, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { ScanIcon } from '../../../components/icons';
import { SearchField } from '../../../components/search-field';
import { lineForScan, type CountLine } from '../utils/count-sheet';

export interface CountScanProps {
  lines: readonly CountLine[];
  search: string;
  onSearch(text: string): void;
  /** A scan or a typed code named this line. */
  onScanned(line: CountLine): void;
  /** The scan box, which a count's Enter comes back to for the next pack. */
  inputRef: RefObject<HTMLInputElement | null>;
  name(line: { productName: string; productNameAr: string | null }): string;
}

/** The scan box (a pack's barcode, GS1 code, SKU or batch number finds its line) and the sheet's search. */
export function CountScan({ lines, search, onSearch, onScanned, inputRef, name }: CountScanProps) {
  const intl = useIntl();
  const [scanText, setScanText] = useState('');
  const [scanNote, setScanNote] = useState<{ problem: boolean; text: string } | null>(null);

  const scan = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (scanText.trim() === '') return;
    const result = lineForScan(scanText, lines);
    if (result.kind === 'notFound') {
      setScanNote({ problem: true, text: intl.formatMessage({ id: 'counts.scan.notFound' }, { code: result.code }) });
      return;
    }
    const line = lines.find((candidate) => candidate.batchId === result.batchId);
    if (!line) return;
    onScanned(line);
    setScanText('');
    setScanNote({
      problem: result.kind === 'otherBatch',
      text:
        result.kind === 'otherBatch'
          ? intl.formatMessage(
              { id: 'counts.scan.otherBatch' },
              { batch: result.batch, name: name(line), code: line.batchNumber },
            )
          : intl.formatMessage({ id: 'counts.scan.found' }, { name: name(line), batch: line.batchNumber }),
    });
  };

  return (
    <Card>
      <form onSubmit={scan} noValidate>
        <Grid columns={{ initial: '1', md: '2' }} gap="3" align="end">
          <FormField
            label={<FormattedMessage id="counts.scan.label" />}
            hint={scanNote ? undefined : <FormattedMessage id="counts.scan.hint" />}
          >
            {(props) => (
              <Flex gap="2">
                <TextField.Root
                  {...props}
                  ref={inputRef}
                  className="grow"
                  value={scanText}
                  onChange={(event) => setScanText(event.target.value)}
                  placeholder={intl.formatMessage({ id: 'counts.scan.placeholder' })}
                  autoComplete="off"
                  dir="ltr"
                >
                  <TextField.Slot>
                    <ScanIcon />
                  </TextField.Slot>
                </TextField.Root>
                <Button type="submit" variant="soft" disabled={scanText.trim() === ''}>
                  <FormattedMessage id="counts.scan.find" />
                </Button>
              </Flex>
            )}
          </FormField>
          <SearchField
            value={search}
            onValueChange={onSearch}
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
            label={intl.formatMessage({ id: 'counts.sheet.search' })}
          />
        </Grid>
        {scanNote && (
          <Text as="p" size="2" mt="2" color={scanNote.problem ? 'orange' : 'green'} role="status">
            {scanNote.text}
          </Text>
        )}
      </form>
    </Card>
  );
}
