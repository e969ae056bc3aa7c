import { Box, Button, Dialog, Flex } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import type { QueuedSale } from '../offline/offline-sale';
import { PrintControls } from './print-controls';
import { Receipt, usePrintReceipt } from './receipt';

export interface OfflineReceiptDialogProps {
  sale: QueuedSale | null;
  onClose(): void;
  /** Right after checkout: the receipt is the point, with a way back to the next sale. */
  justSold?: boolean;
}

/** The till's own receipt of a sale made offline, to print or reprint until the server has it. */
export function OfflineReceiptDialog({ sale, onClose, justSold = false }: OfflineReceiptDialogProps) {
  return (
    <Dialog.Root open={sale !== null} onOpenChange={(open) => !open && onClose()}>
      {sale && <OfflineReceiptContent sale={sale} onClose={onClose} justSold={justSold} />}
    </Dialog.Root>
  );
}

function OfflineReceiptContent({ sale, onClose, justSold }: { sale: QueuedSale; onClose(): void; justSold: boolean }) {
  const printer = usePrintReceipt();
  const pending = sale.status !== 'sent';
  return (
    <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
      <Dialog.Title>
        <FormattedMessage id="pos.offline.sale" values={{ number: sale.offlineNumber }} />
      </Dialog.Title>
      <Box p="3" style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-3)' }}>
        <Receipt sale={sale.receipt} pending={pending} />
      </Box>
      <Flex gap="3" mt="4" wrap="wrap" justify="between" align="center">
        <PrintControls justSold={justSold} onPrint={(paper) => printer.print(sale.receipt, paper, { pending })} />
        <Button variant={justSold ? 'solid' : 'soft'} color={justSold ? undefined : 'gray'} onClick={onClose}>
          {justSold ? <FormattedMessage id="pos.receipt.newSale" /> : <FormattedMessage id="common.close" />}
        </Button>
      </Flex>
      {printer.portal}
    </Dialog.Content>
  );
}
