import { Flex, Text, Theme } from '@radix-ui/themes';
import { Toast } from 'radix-ui';
import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { CloseIcon } from './icons';

export type ToastVariant = 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ShownToast extends ToastInput {
  id: number;
  open: boolean;
}

interface ToastContextValue {
  toast(input: ToastInput): void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

/** Specification §9: toasts close after 5 s, swipe right past 50 px, F8 focuses them. */
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export function Toaster({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [shown, setShown] = useState<ShownToast | null>(null);
  const nextId = useRef(0);

  // Specification §9 allows one toast at a time: a new one replaces the current one
  // (a fresh key remounts it, so its timer and entry animation start again). A closed
  // toast stays in state, invisible, until then — which is all the specification's
  // 1,000,000 ms removal delay amounts to.
  const toast = useCallback((input: ToastInput) => {
    nextId.current += 1;
    setShown({ ...input, id: nextId.current, open: true });
  }, []);
  const value = useMemo(() => ({ toast }), [toast]);

  return (
    <ToastContext value={value}>
      <Toast.Provider
        duration={TOAST_DURATION_MS}
        swipeDirection="right"
        swipeThreshold={SWIPE_THRESHOLD_PX}
        label={intl.formatMessage({ id: 'toast.label' })}
      >
        {children}
        {shown && (
          <Toast.Root
            key={shown.id}
            className="app-toast"
            data-variant={shown.variant ?? 'success'}
            type={shown.variant === 'error' ? 'foreground' : 'background'}
            open={shown.open}
            onOpenChange={(open) => setShown((current) => (current?.id === shown.id ? { ...current, open } : current))}
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
    </ToastContext>
  );
}

export function useToast(): ToastContextValue {
  const value = use(ToastContext);
  if (!value) throw new Error('useToast must be used inside <Toaster>');
  return value;
}
