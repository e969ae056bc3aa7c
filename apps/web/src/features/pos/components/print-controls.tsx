import { Button, Flex, Select } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PrinterIcon } from '../../../components/icons';
import type { Paper } from './receipt';

/** The paper (80 mm receipt printer or A4) and the print button under a receipt; "Print" right after checkout, "Reprint" later. */
export function PrintControls({ justSold, onPrint }: { justSold: boolean; onPrint(paper: Paper): void }) {
  const intl = useIntl();
  const [paper, setPaper] = useState<Paper>('80mm');
  return (
    <Flex gap="2" align="center">
      <Select.Root value={paper} onValueChange={(value) => setPaper(value as Paper)}>
        <Select.Trigger aria-label={intl.formatMessage({ id: 'pos.receipt.paper' })} />
        <Select.Content position="popper">
          <Select.Item value="80mm">{intl.formatMessage({ id: 'pos.receipt.paper80' })}</Select.Item>
          <Select.Item value="a4">{intl.formatMessage({ id: 'pos.receipt.paperA4' })}</Select.Item>
        </Select.Content>
      </Select.Root>
      <Button onClick={() => onPrint(paper)}>
        <PrinterIcon />
        {justSold ? <FormattedMessage id="pos.receipt.print" /> : <FormattedMessage id="pos.detail.reprint" />}
      </Button>
    </Flex>
  );
}
