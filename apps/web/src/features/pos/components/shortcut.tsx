/** A keyboard shortcut shown beside the control it triggers (always left-to-right, as keys are labelled). */
export function Shortcut({ keys }: { keys: string }) {
  return (
    <kbd className="pos-kbd" dir="ltr" aria-hidden="true">
      {keys}
    </kbd>
  );
}
