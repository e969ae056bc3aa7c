import { describe, expect, it } from '@jest/globals';
import { Button, Dialog } from '@radix-ui/themes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../test/render';
import { useFocusReturn } from './focus-return';

// A dialog opened by page state from a plain button (no Dialog.Trigger), as the app's forms are.

function Form({ withReturn }: { withReturn: boolean }) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Content {...(withReturn ? focusReturn : {})} aria-describedby={undefined}>
      <Dialog.Title>Add thing</Dialog.Title>
      <input aria-label="Name" />
    </Dialog.Content>
  );
}

/** A dialog whose component stays mounted, closed or open: it passes `open`. */
function MountedForm({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const focusReturn = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content {...focusReturn} aria-describedby={undefined}>
        <Dialog.Title>Add thing</Dialog.Title>
        <input aria-label="Name" />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Page({ withReturn, mounted = false }: { withReturn: boolean; mounted?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Add</Button>
      <Button>Other</Button>
      {mounted ? (
        <MountedForm open={open} onOpenChange={setOpen} />
      ) : (
        <Dialog.Root open={open} onOpenChange={setOpen}>
          {open && <Form withReturn={withReturn} />}
        </Dialog.Root>
      )}
    </>
  );
}

async function openAndEscape(withReturn: boolean, mounted = false) {
  renderWithProviders(<Page withReturn={withReturn} mounted={mounted} />);
  // What had the focus before (it is not the opener): a mounted dialog must not remember that.
  screen.getByRole('button', { name: 'Other' }).focus();
  const opener = screen.getByRole('button', { name: 'Add' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Add thing' });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return opener;
}

describe('useFocusReturn', () => {
  it('gives the focus back to the control that opened the dialog when it closes', async () => {
    const opener = await openAndEscape(true);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('does so for a dialog whose component stays mounted, remembering the focus as it opens', async () => {
    const opener = await openAndEscape(true, true);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('is needed: without it, Radix leaves the focus on the page, not on the opener', async () => {
    const opener = await openAndEscape(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).not.toBe(opener);
  });
});
