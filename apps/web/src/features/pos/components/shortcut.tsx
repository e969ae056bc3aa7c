import { FormattedMessage } from 'react-intl';

/**
 * A keyboard shortcut shown beside the control it triggers (always left-to-right, as keys are labelled).
 * Beside a control it is left out of the control's name, which stays what the control says; the control
 * carries `aria-keyshortcuts` and a description, `ShortcutDescription`, instead. `announced` (in the list
 * of the till's shortcuts) is read as it stands.
 */
export function Shortcut({ keys, announced = false }: { keys: string; announced?: boolean }) {
  return (
    <kbd className="pos-kbd" dir="ltr" aria-hidden={announced ? undefined : true}>
      {keys}
    </kbd>
  );
}

/**
 * "Keyboard shortcut: F9", for the control's `aria-describedby`: a screen reader says it after the
 * control's name. Hidden: a description is read from hidden text, and it is not read twice in the page.
 */
export function ShortcutDescription({ id, keys }: { id: string; keys: string }) {
  return (
    <span id={id} hidden>
      <FormattedMessage id="pos.shortcuts.key" values={{ value: keys }} />
    </span>
  );
}
