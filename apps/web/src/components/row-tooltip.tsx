import { IconButton } from '@radix-ui/themes';
import { cloneElement, type ComponentProps, type ReactElement, type ReactNode } from 'react';

interface TooltipTarget {
  className?: string;
  'data-tooltip'?: string;
}

/**
 * The tooltip of a control repeated on every row of a list (a row's actions).
 * Radix's Tooltip mounts a popper with its own state and effects for each
 * control: the 150 of a page of 50 products took 0.4 s of its load on the
 * benchmark machine (docs/benchmarks.md). This one is drawn by CSS
 * (`.row-tooltip` in styles.css) from the text it sets on the control, on hover
 * and on keyboard focus, in the colours of Radix's tooltip; screen readers read
 * the control's own label.
 */
export function RowTooltip({ content, children }: { content: string; children: ReactElement<TooltipTarget> }) {
  const { className } = children.props;
  return cloneElement(children, {
    className: className ? `${className} row-tooltip` : 'row-tooltip',
    'data-tooltip': content,
  });
}

/** A row's action drawn as an icon: named `label` for screen readers, with `tooltip` on hover and focus. */
export function RowIconButton({
  tooltip,
  label,
  onClick,
  children,
  variant = 'ghost',
  size = '1',
  ...button
}: {
  tooltip: string;
  label: string;
  onClick(): void;
  children: ReactNode;
  variant?: 'ghost' | 'soft';
  size?: '1' | '2';
  color?: ComponentProps<typeof IconButton>['color'];
  disabled?: boolean;
}) {
  return (
    <RowTooltip content={tooltip}>
      <IconButton {...button} variant={variant} size={size} aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </RowTooltip>
  );
}
