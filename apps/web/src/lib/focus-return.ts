import { useState } from 'react';

/** The element with the focus, unless that is the page itself. */
function focusedElement(): HTMLElement | null {
  const focused = typeof document === 'undefined' ? null : document.activeElement;
  return focused instanceof HTMLElement && focused !== document.body ? focused : null;
}

/**
 * For a dialog opened by a control that is not its Dialog.Trigger (the dialog's `open` is the page's state):
 * Radix gives the focus back only to a trigger, so when such a dialog closed, the focus fell to the page's
 * body and a keyboard user started again from the top (WCAG 2.4.3). It remembers what had the focus as the
 * dialog opened (the control that opened it) and, spread on Dialog.Content (or AlertDialog.Content), gives it
 * back when the dialog closes, if that control is still there.
 *
 * Called without `open` in a component that mounts as the dialog opens, it remembers what had the focus
 * then; a component that stays mounted passes the dialog's `open`, and the focus is read as it turns true.
 */
export function useFocusReturn(open = true): { onCloseAutoFocus(event: Event): void } {
  const [state, setState] = useState(() => ({ open, opener: open ? focusedElement() : null }));
  // Opening is seen while rendering, before the dialog mounts and Radix moves the focus into it.
  if (open !== state.open) setState({ open, opener: open ? focusedElement() : state.opener });
  const opener = state.opener;
  return {
    onCloseAutoFocus: (event) => {
      if (!opener?.isConnected) return;
      event.preventDefault();
      opener.focus();
    },
  };
}
