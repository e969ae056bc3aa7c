import { useState } from 'react';

/**
 * For a dialog opened by a control that is not its Dialog.Trigger (the dialog's `open` is the page's state):
 * Radix gives the focus back only to a trigger, so when such a dialog closed, the focus fell to the page's
 * body and a keyboard user started again from the top (WCAG 2.4.3). Called in the component that mounts as
 * the dialog opens, it remembers what had the focus then (the control that opened it) and, spread on
 * Dialog.Content, gives it back when the dialog closes, if that control is still there.
 */
export function useFocusReturn(): { onCloseAutoFocus(event: Event): void } {
  const [opener] = useState(() => {
    const focused = typeof document === 'undefined' ? null : document.activeElement;
    return focused instanceof HTMLElement && focused !== document.body ? focused : null;
  });
  return {
    onCloseAutoFocus: (event) => {
      if (!opener?.isConnected) return;
      event.preventDefault();
      opener.focus();
    },
  };
}
