import type { TransferDetail } from '@pharmacy/contracts';
import { Box, Button, Flex, Heading, Table, Text, TextArea, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { localizedName } from '../../../lib/catalogue';
import type { useTransferStep } from '../api/transfers';
import { receivedQuantity, shortfall } from '../utils/receipt';
import { useStepFailure } from '../hooks/use-step-failure';

export interface ReceiveTransferFormProps {
  transfer: TransferDetail;
  step: ReturnType<typeof useTransferStep>;
  onBack(): void;
}

/**
 * Receiving an approved transfer: what arrived of each batch (what was sent, unless
 * counted otherwise, from 0 to what was sent), and why when anything is short.
 */
export function ReceiveTransferForm({ transfer, step, onBack }: ReceiveTransferFormProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const failed = useStepFailure();
  const [counted, setCounted] = useState<Record<string, string>>(() =>
    Object.fromEntries(transfer.items.map((item) => [item.batchId, String(item.quantity)])),
  );
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const received = transfer.items.map((item) => ({
    batchId: item.batchId,
    receivedQuantity: receivedQuantity(counted[item.batchId] ?? '', item.quantity),
  }));
  const missing = shortfall(transfer.items, received);

  const submit = () => {
    if (missing > 0 && reason.trim() === '') {
      setReasonError(intl.formatMessage({ id: 'transfers.receive.reasonRequired' }));
      return;
    }
    setReasonError(undefined);
    step.mutate(
      {
        action: 'receive',
        id: transfer.id,
        input: { items: received, discrepancyReason: missing > 0 ? reason.trim() : null },
      },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'common.success' }),
            description: intl.formatMessage({ id: 'transfers.toast.received' }),
          });
          onBack();
        },
        onError: (error) => failed(error, { id: 'transfers.toast.receiveFailed' }),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Heading as="h3" size="3" mt="4" id="transfer-receive-title">
        <FormattedMessage id="transfers.receive.title" />
      </Heading>
      <Text as="p" size="2" color="gray" mt="1" mb="3">
        <FormattedMessage id="transfers.receive.description" />
      </Text>
      <Box className="table-scroll">
        <Table.Root variant="surface" size="1" aria-labelledby="transfer-receive-title">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="transfers.detail.column.product" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="transfers.detail.column.batch" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">
                <FormattedMessage id="transfers.detail.column.sent" />
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <FormattedMessage id="transfers.detail.column.received" />
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {transfer.items.map((item) => {
              const name = localizedName(item.productName, item.productNameAr, language);
              return (
                <Table.Row key={item.batchId}>
                  <Table.RowHeaderCell>
                    <bdi>{name}</bdi>
                  </Table.RowHeaderCell>
                  <Table.Cell>
                    <span className="code-value">{item.batchNumber}</span>
                  </Table.Cell>
                  <Table.Cell justify="end">{intl.formatNumber(item.quantity)}</Table.Cell>
                  <Table.Cell>
                    <TextField.Root
                      className="transfer-qty"
                      size="1"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={item.quantity}
                      step={1}
                      aria-label={intl.formatMessage(
                        { id: 'transfers.receive.quantity' },
                        { name, batch: item.batchNumber, max: item.quantity },
                      )}
                      value={counted[item.batchId] ?? ''}
                      onChange={(event) =>
                        setCounted((current) => ({ ...current, [item.batchId]: event.target.value }))
                      }
                      onBlur={() =>
                        setCounted((current) => ({
                          ...current,
                          [item.batchId]: String(receivedQuantity(current[item.batchId] ?? '', item.quantity)),
                        }))
                      }
                      disabled={step.isPending}
                    />
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      {missing > 0 && (
        <Text as="p" size="2" color="amber" mt="2" role="status">
          <FormattedMessage id="transfers.receive.short" values={{ count: missing }} />
        </Text>
      )}
      <Box mt="3">
        <FormField
          label={<FormattedMessage id="transfers.receive.reason" />}
          hint={<FormattedMessage id="transfers.receive.reasonHint" />}
          error={reasonError}
          required={missing > 0}
        >
          {(props) => (
            <TextArea
              {...props}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setReasonError(undefined);
              }}
              disabled={step.isPending}
            />
          )}
        </FormField>
      </Box>
      <Flex gap="3" mt="4" justify="end">
        <Button type="button" variant="soft" color="gray" onClick={onBack} disabled={step.isPending}>
          <FormattedMessage id="transfers.receive.back" />
        </Button>
        <Button type="submit" disabled={step.isPending}>
          {step.isPending ? (
            <FormattedMessage id="transfers.receive.submitting" />
          ) : (
            <FormattedMessage id="transfers.receive.submit" />
          )}
        </Button>
      </Flex>
    </form>
  );
}
