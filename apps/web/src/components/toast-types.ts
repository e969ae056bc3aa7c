export type ToastVariant = 'success' | 'error';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** The toast on screen, or the last one closed (`open` false). */
export interface ShownToast extends ToastInput {
  id: number;
  open: boolean;
}
