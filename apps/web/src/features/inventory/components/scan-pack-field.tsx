import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useId, useState, type ClipboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ScanIcon } from '../../../components/icons';
import { apiErrorOf } from '../../../lib/api';
import { usePackScan, type PackScanResult } from '../hooks/use-pack-scan';

export interface ScanPackFieldProps {
  disabled?: boolean;
  /** What the last scan filled in, said under the field. */
  note: string | null;
  onFound(result: Extract<PackScanResult, { kind: 'found' }>): void;
}

/**
 * "Scan pack": a 2D (GS1 DataMatrix) or EAN scan, typed by a keyboard-wedge
 * scanner (which ends with Enter) or pasted. It finds the product and fills in
 * the batch number and expiry date the code carries.
 */
export function ScanPackField({ disabled, note, onFound }: ScanPackFieldProps) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const scan = usePackScan();

  const read = (value: string) => {
    if (value.trim() === '') return;
    setProblem(null);
    scan.mutate(value, {
      onSuccess: (result) => {
        switch (result.kind) {
          case 'found':
            onFound(result);
            setText('');
            break;
          case 'notFound':
            setProblem(intl.formatMessage({ id: 'inventory.scan.notFound' }, { code: result.code }));
            break;
          case 'notBarcode':
            setProblem(intl.formatMessage({ id: 'inventory.scan.notBarcode' }));
            break;
        }
      },
      // A malformed GS1 code: the server says what is wrong with it.
      onError: (error) => setProblem(apiErrorOf(error)?.message ?? intl.formatMessage({ id: 'inventory.scan.failed' })),
    });
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted) return;
    event.preventDefault();
    setText(pasted);
    read(pasted);
  };

  const messageId = `${id}-message`;
  return (
    <Flex direction="column" gap="1" className="scan-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        <FormattedMessage id="inventory.scan.label" />
      </Text>
      <Flex gap="2">
        <TextField.Root
          id={id}
          className="grow"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onPaste={onPaste}
          onKeyDown={(event) => {
            // Scanners end with Enter: read the code instead of submitting the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              read(text);
            }
          }}
          placeholder={intl.formatMessage({ id: 'inventory.scan.placeholder' })}
          disabled={disabled}
          autoComplete="off"
          dir="ltr"
          aria-describedby={messageId}
          aria-invalid={problem !== null}
        >
          <TextField.Slot>
            <ScanIcon />
          </TextField.Slot>
        </TextField.Root>
        <Button
          type="button"
          variant="soft"
          onClick={() => read(text)}
          disabled={disabled || text.trim() === ''}
          loading={scan.isPending}
        >
          <FormattedMessage id="inventory.scan.read" />
        </Button>
      </Flex>
      <Text
        as="p"
        id={messageId}
        size="1"
        color={problem ? 'red' : 'gray'}
        role={problem ? 'alert' : 'status'}
        dir="auto"
      >
        {problem ?? note ?? intl.formatMessage({ id: 'inventory.scan.hint' })}
      </Text>
    </Flex>
  );
}
