import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ShownToast, ToastInput } from './toast-types';

interface ToastContextValue {
  toast(input: ToastInput): void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

type ToastViewModule = typeof import('./toast-view');
let toastView: ToastViewModule | null = null;
let toastViewLoading: Promise<ToastViewModule> | null = null;

/**
 * Fetches the toast's drawing (Radix Toast, about 9 KB gzipped) once; the first
 * toast asks for it. The sign-in page's first load does without it (issue 13).
 */
export function loadToastView(): Promise<ToastViewModule> {
  toastViewLoading ??= import('./toast-view').then(
    (module) => (toastView = module),
    (error: unknown) => {
      // A failed fetch (offline before the app was cached) is tried again by the next toast.
      toastViewLoading = null;
      throw error;
    },
  );
  return toastViewLoading;
}

export function Toaster({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<ShownToast | null>(null);
  const [view, setView] = useState(toastView);
  const nextId = useRef(0);

  // Specification §9 allows one toast at a time: a new one replaces the current one
  // (a fresh key remounts it, so its timer and entry animation start again). A closed
  // toast stays in state, invisible, until then — which is all the specification's
  // 1,000,000 ms removal delay amounts to. One asked for before its drawing has
  // arrived shows when it does.
  const toast = useCallback((input: ToastInput) => {
    nextId.current += 1;
    setShown({ ...input, id: nextId.current, open: true });
    // Another Toaster (or a test) may have fetched it since this one mounted.
    if (toastView) setView(toastView);
    else loadToastView().then(setView, (error: unknown) => console.error('The toast could not be loaded', error));
  }, []);
  const value = useMemo(() => ({ toast }), [toast]);

  return (
    <ToastContext value={value}>
      {children}
      {/* Once fetched, the region stays mounted (as Radix wants it before a toast opens), with or without a toast. */}
      {view && (
        <view.ToastView
          shown={shown}
          onOpenChange={(id, open) => setShown((current) => (current?.id === id ? { ...current, open } : current))}
        />
      )}
    </ToastContext>
  );
}

export function useToast(): ToastContextValue {
  const value = use(ToastContext);
  if (!value) throw new Error('useToast must be used inside <Toaster>');
  return value;
}
