import { Flex, Text, Theme } from '@radix-ui/themes';
import { Toast } from 'radix-ui';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { CloseIcon } from './icons';
import type { ShownToast } from './toast-types';

/** Specification §9: toasts close after 5 s, swipe right past 50 px, F8 focuses them. */
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/**
 * The region that holds the toasts, and the one on screen (Radix Toast). Fetched
 * when the first toast is asked for (`Toaster`), so the sign-in page does not
 * download it with its first load; mounted from then on.
 */
export function ToastView({
  shown,
  onOpenChange,
}: {
  shown: ShownToast | null;
  onOpenChange(id: number, open: boolean): void;
}) {
  const intl = useIntl();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label={intl.formatMessage({ id: 'toast.label' })}
    >
      {shown && (
        <Toast.Root
          key={shown.id}
          className="app-toast"
          data-variant={shown.variant ?? 'success'}
          type={shown.variant === 'error' ? 'foreground' : 'background'}
          open={shown.open}
          onOpenChange={(open) => onOpenChange(shown.id, open)}
        >
          <Flex direction="column" gap="1" className="app-toast-text">
            {/* `auto`: a server message in English keeps its own direction in the Arabic interface. */}
            <Toast.Title asChild>
              <Text as="div" size="2" weight="bold" dir="auto">
                {shown.title}
              </Text>
            </Toast.Title>
            {shown.description && (
              <Toast.Description asChild>
                <Text as="div" size="2" color="gray" dir="auto">
                  {shown.description}
                </Text>
              </Toast.Description>
            )}
          </Flex>
          <Toast.Close className="app-toast-close" aria-label={intl.formatMessage({ id: 'common.close' })}>
            <CloseIcon width={14} height={14} />
          </Toast.Close>
        </Toast.Root>
      )}
      {/*
        On <body>, beside the dialogs' portals rather than inside the app's root theme (a stacking
        context of its own): a toast about a dialog's work shows above the dialog's overlay.
      */}
      {createPortal(
        <Theme>
          <Toast.Viewport
            className="app-toast-viewport"
            hotkey={['F8']}
            // Radix fills in `{hotkey}` itself, so pass the placeholder through untouched.
            label={intl.formatMessage({ id: 'toast.viewportLabel' }, { hotkey: '{hotkey}' })}
          />
        </Theme>,
        document.body,
      )}
    </Toast.Provider>
  );
}
