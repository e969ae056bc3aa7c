import type { InventoryBatch, SaleDetail, SalesUnit } from '@pharmacy/contracts';
import { Box, Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CameraIcon, PlusIcon, ScanIcon, WarningIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { useLanguage } from '../../../i18n/use-language';
import { apiErrorOf } from '../../../lib/api';
import { localizedName, productSearchQueryOptions } from '../../../lib/catalogue';
import { todayIso, useDayFormatter } from '../../../lib/dates';
import { matchScan } from '../../../lib/scan-match';
import { localizedPharmacy, useSignedInUser } from '../../../lib/session';
import { stockAtQueryOptions } from '../api/stock';
import type { QueuedSale } from '../offline/offline-sale';
import { isUnreachable } from '../offline/sale-sync';
import { useOfflineTill } from '../offline/use-offline-till';
import { cartReducer, type CartAction, type CartLine } from '../utils/cart';
import { CartPanel } from './cart-panel';
import { CheckoutDialog } from './checkout-dialog';
import { OfflineReceiptDialog } from './offline-receipt-dialog';
import { OfflineTillStatus } from './offline-till-status';
import { ProductSearch } from './product-search';
import { RecentSales } from './recent-sales';
import { SaleDialog } from './sale-dialog';
import { Shortcut, ShortcutDescription } from './shortcut';

// The camera decoder (WebAssembly) is large: loaded only when the camera is switched on.
const CameraScanner = lazy(() =>
  import('../../../components/camera-scanner').then((module) => ({ default: module.CameraScanner })),
);

const cartStorageKey = (pharmacyId: string) => `pharmacy-pos-cart:${pharmacyId}`;

/** The cart survives a reload of the page at the counter (this browser tab only). */
function usePersistedCart(pharmacyId: string | null) {
  const [lines, dispatch] = useReducer(
    (state: CartLine[], action: CartAction | { type: 'load'; lines: CartLine[] }) =>
      action.type === 'load' ? action.lines : cartReducer(state, action),
    [],
  );
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!pharmacyId || loadedFor.current === pharmacyId) return;
    loadedFor.current = pharmacyId;
    try {
      const saved = sessionStorage.getItem(cartStorageKey(pharmacyId));
      dispatch({ type: 'load', lines: saved ? (JSON.parse(saved) as CartLine[]) : [] });
    } catch {
      dispatch({ type: 'load', lines: [] });
    }
  }, [pharmacyId]);
  useEffect(() => {
    if (pharmacyId && loadedFor.current === pharmacyId) {
      sessionStorage.setItem(cartStorageKey(pharmacyId), JSON.stringify(lines));
    }
  }, [lines, pharmacyId]);
  return [lines, dispatch as (action: CartAction) => void] as const;
}

/**
 * The point of sale (specification 001 §2, §4, §5, §8): barcode or SKU entry
 * by Enter or Add (a GS1 code that names a batch sells that batch), product
 * search from 2 characters, the cart, cash checkout, the receipt, and the
 * latest sales for reprints and returns. Keyboard first: the scan box takes
 * the focus back after every addition. Without a network (or a server that
 * answers), it sells from the till's offline copy and keeps the sales to send.
 */
export function PosPage({ openSaleId, onSaleOpened }: { openSaleId?: string; onSaleOpened?(id: string | null): void }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const day = useDayFormatter();
  const user = useSignedInUser();
  const pharmacyId = user.currentPharmacyId;
  const pharmacy = user.pharmacies.find((candidate) => candidate.id === pharmacyId);
  const [lines, dispatch] = usePersistedCart(pharmacyId);
  const [scanText, setScanText] = useState('');
  const [scanning, setScanning] = useState(false);
  const [cameraOn, setCameraOn] = useState(false);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  const [shownSale, setShownSale] = useState<{ id: string; justSold: boolean } | null>(
    openSaleId ? { id: openSaleId, justSold: false } : null,
  );
  const [shownOffline, setShownOffline] = useState<{ sale: QueuedSale; justSold: boolean } | null>(null);
  const till = useOfflineTill({ user, pharmacyId });
  const scanRef = useRef<HTMLInputElement>(null);
  const scanId = useId();

  const focusScan = useCallback(() => window.setTimeout(() => scanRef.current?.focus(), 0), []);
  const showSale = (sale: { id: string; justSold: boolean } | null) => {
    setShownSale(sale);
    onSaleOpened?.(sale?.id ?? null);
  };

  const add = useCallback(
    (
      product: CartLine['product'],
      quantity: number,
      salesUnit: SalesUnit,
      batch: { id: string; number: string } | null = null,
    ) => {
      dispatch({ type: 'add', product, quantity, salesUnit, batch });
      focusScan();
    },
    [dispatch, focusScan],
  );

  /** The same, from the till's offline copy. */
  const scanOffline = useCallback(
    (value: string) => {
      if (!till.catalogue) {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'pos.scan.notFoundTitle' }),
          description: intl.formatMessage({ id: 'pos.offline.problem.noCopy' }),
        });
        return;
      }
      const match = till.scan(value);
      if (match.kind === 'notFound') {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'pos.scan.notFoundTitle' }),
          description: intl.formatMessage({ id: 'pos.scan.notFound' }, { value }),
        });
        return;
      }
      if (match.kind === 'batchExpired') {
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'pos.checkout.failedTitle' }),
          description: intl.formatMessage(
            { id: 'pos.scan.batchExpired' },
            { batch: match.batch.batchNumber, date: day(match.batch.expiryDate) },
          ),
        });
        return;
      }
      if (match.batchNumber && !match.batch) {
        toast({
          title: localizedName(match.product.name, match.product.nameAr, language),
          description: intl.formatMessage({ id: 'pos.scan.batchNotHeld' }, { batch: match.batchNumber }),
        });
      }
      add(match.product, 1, 'whole', match.batch ? { id: match.batch.id, number: match.batch.batchNumber } : null);
      setScanText('');
    },
    [till, toast, intl, day, language, add],
  );

  /** Barcode, SKU or GS1 code: an exact match among the search results, or "Product Not Found". */
  const scan = useCallback(
    async (raw: string) => {
      const value = raw.trim();
      if (value === '' || !pharmacyId) return;
      if (till.offline) {
        scanOffline(value);
        focusScan();
        return;
      }
      setScanning(true);
      try {
        const results = await queryClient.fetchQuery(productSearchQueryOptions(value, pharmacyId));
        const match = matchScan(value, results);
        if (match.kind === 'notFound') {
          toast({
            variant: 'error',
            title: intl.formatMessage({ id: 'pos.scan.notFoundTitle' }),
            description: intl.formatMessage({ id: 'pos.scan.notFound' }, { value }),
          });
          return;
        }
        let batch: InventoryBatch | undefined;
        if (match.batch) {
          const stock = await queryClient.fetchQuery(stockAtQueryOptions(pharmacyId));
          const wanted = match.batch.toLowerCase();
          batch = stock.find((b) => b.productId === match.product.id && b.batchNumber.toLowerCase() === wanted);
          if (batch && batch.expiryDate < todayIso()) {
            toast({
              variant: 'error',
              title: intl.formatMessage({ id: 'pos.checkout.failedTitle' }),
              description: intl.formatMessage(
                { id: 'pos.scan.batchExpired' },
                { batch: batch.batchNumber, date: day(batch.expiryDate) },
              ),
            });
            return;
          }
          if (!batch) {
            toast({
              title: localizedName(match.product.name, match.product.nameAr, language),
              description: intl.formatMessage({ id: 'pos.scan.batchNotHeld' }, { batch: match.batch }),
            });
          }
        }
        add(match.product, 1, 'whole', batch ? { id: batch.id, number: batch.batchNumber } : null);
        setScanText('');
      } catch (error) {
        if (isUnreachable(error)) {
          till.reportUnreachable();
          scanOffline(value);
          return;
        }
        const apiError = apiErrorOf(error);
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'common.error' }),
          // A malformed GS1 code: the server says what is wrong with it.
          description:
            apiError?.code === 'INVALID_GS1' ? apiError.message : intl.formatMessage({ id: 'pos.scan.failed' }),
        });
      } finally {
        setScanning(false);
        focusScan();
      }
    },
    [pharmacyId, queryClient, intl, toast, add, focusScan, day, language, till, scanOffline],
  );

  // Keyboard: F2 the scan box, F9 checkout, F7 clear the cart (F8 belongs to the toasts).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (checkoutOpen || shownSale || shownOffline) return;
      if (event.key === 'F2') {
        event.preventDefault();
        scanRef.current?.focus();
      } else if (event.key === 'F9' && lines.length > 0) {
        event.preventDefault();
        setCheckoutOpen(true);
      } else if (event.key === 'F7' && lines.length > 0) {
        event.preventDefault();
        dispatch({ type: 'clear' });
        scanRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [checkoutOpen, shownSale, shownOffline, lines.length, dispatch]);

  const completed = (sale: SaleDetail) => {
    dispatch({ type: 'clear' });
    setCheckoutOpen(false);
    toast({
      title: intl.formatMessage({ id: 'pos.checkout.completedTitle' }),
      description: intl.formatMessage(
        { id: 'pos.checkout.completed' },
        {
          number: sale.id.slice(-8).toUpperCase(),
          change: intl.formatNumber(Number(sale.change), { minimumFractionDigits: 2 }),
        },
      ),
    });
    showSale({ id: sale.id, justSold: true });
  };

  const completedOffline = (sale: QueuedSale, fallback: boolean) => {
    dispatch({ type: 'clear' });
    setCheckoutOpen(false);
    const values = {
      number: sale.offlineNumber,
      change: intl.formatNumber(Number(sale.receipt.change), { minimumFractionDigits: 2 }),
    };
    toast(
      fallback
        ? {
            title: intl.formatMessage({ id: 'pos.offline.keptTitle' }),
            description: intl.formatMessage({ id: 'pos.offline.kept' }, values),
          }
        : {
            title: intl.formatMessage({ id: 'pos.offline.completedTitle' }),
            description: intl.formatMessage({ id: 'pos.offline.completed' }, values),
          },
    );
    setShownOffline({ sale, justSold: true });
  };

  if (!pharmacyId) {
    return (
      <Box p={{ initial: '4', md: '6' }}>
        <Heading as="h1" size="7" mb="4">
          <FormattedMessage id="pos.title" />
        </Heading>
        <Callout.Root color="amber" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Callout.Text>
            <FormattedMessage id="pos.noPharmacy" />
          </Callout.Text>
        </Callout.Root>
      </Box>
    );
  }

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <Flex justify="between" align="end" wrap="wrap" gap="3" mb="4">
        <Box>
          <Heading as="h1" size="7">
            <FormattedMessage id="pos.title" />
          </Heading>
          {pharmacy && (
            <Text color="gray" size="2">
              <FormattedMessage id="pos.subtitle" values={{ pharmacy: localizedPharmacy(pharmacy, language).name }} />
            </Text>
          )}
        </Box>
        {/* Read as it shows, keys and all (a name on this text would have replaced it, keys and all). */}
        <Text as="p" size="1" color="gray">
          <Shortcut keys="F2" announced /> <FormattedMessage id="pos.shortcuts.scan" /> ·{' '}
          <Shortcut keys="F9" announced /> <FormattedMessage id="pos.shortcuts.checkout" /> ·{' '}
          <Shortcut keys="F7" announced /> <FormattedMessage id="pos.shortcuts.clear" />
        </Text>
      </Flex>
      <Box mb="4">
        <OfflineTillStatus
          till={till}
          userId={user.id}
          onOpenReceipt={(sale) => setShownOffline({ sale, justSold: false })}
          onOpenSale={(id) => showSale({ id, justSold: false })}
        />
      </Box>
      <div className="pos-layout">
        <Flex direction="column" gap="4" minWidth="0">
          <Card asChild>
            <section aria-labelledby={`${scanId}-label`}>
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  void scan(scanText);
                }}
              >
                <Text
                  as="label"
                  htmlFor={scanId}
                  id={`${scanId}-label`}
                  size="3"
                  weight="bold"
                  mb="2"
                  style={{ display: 'block' }}
                >
                  <FormattedMessage id="pos.scan.label" />
                </Text>
                <Flex gap="2" wrap="wrap">
                  <Box flexGrow="1" minWidth="14rem">
                    <TextField.Root
                      id={scanId}
                      ref={scanRef}
                      size="3"
                      autoFocus
                      autoComplete="off"
                      dir="ltr"
                      value={scanText}
                      onChange={(event) => setScanText(event.target.value)}
                      placeholder={intl.formatMessage({ id: 'pos.scan.placeholder' })}
                      aria-keyshortcuts="F2"
                      aria-describedby={`${scanId}-shortcut`}
                      // Never disabled: a scanner may type the next code while the last one is looked up.
                    >
                      <TextField.Slot>
                        <ScanIcon />
                      </TextField.Slot>
                    </TextField.Root>
                    <ShortcutDescription id={`${scanId}-shortcut`} keys="F2" />
                  </Box>
                  <Button type="submit" size="3" loading={scanning}>
                    <PlusIcon />
                    <FormattedMessage id="pos.scan.add" />
                  </Button>
                  <Button
                    type="button"
                    size="3"
                    variant={cameraOn ? 'solid' : 'soft'}
                    aria-pressed={cameraOn}
                    onClick={() => setCameraOn((on) => !on)}
                  >
                    <CameraIcon />
                    {cameraOn ? (
                      <FormattedMessage id="pos.scan.cameraHide" />
                    ) : (
                      <FormattedMessage id="pos.scan.camera" />
                    )}
                  </Button>
                </Flex>
              </form>
              {cameraOn && (
                <Box mt="3" className="pos-camera">
                  <Suspense
                    fallback={
                      <Text size="2" color="gray">
                        <FormattedMessage id="common.loading" />
                      </Text>
                    }
                  >
                    <CameraScanner onDetected={(text) => void scan(text)} />
                  </Suspense>
                </Box>
              )}
            </section>
          </Card>
          <ProductSearch
            pharmacyId={pharmacyId}
            onAdd={(product, quantity, unit) => add(product, quantity, unit)}
            localSearch={till.offline ? till.search : null}
            onUnreachable={till.reportUnreachable}
          />
          <RecentSales pharmacyId={pharmacyId} onOpen={(id) => showSale({ id, justSold: false })} />
        </Flex>
        <CartPanel lines={lines} dispatch={dispatch} onCheckout={() => setCheckoutOpen(true)} />
      </div>
      <CheckoutDialog
        open={checkoutOpen}
        onOpenChange={(open) => {
          setCheckoutOpen(open);
          if (!open) focusScan();
        }}
        lines={lines}
        onCompleted={completed}
        till={till}
        onCompletedOffline={completedOffline}
      />
      <OfflineReceiptDialog
        sale={shownOffline?.sale ?? null}
        justSold={shownOffline?.justSold ?? false}
        onClose={() => {
          setShownOffline(null);
          focusScan();
        }}
      />
      <SaleDialog
        saleId={shownSale?.id ?? null}
        justSold={shownSale?.justSold ?? false}
        onClose={() => {
          showSale(null);
          focusScan();
        }}
      />
    </Box>
  );
}
