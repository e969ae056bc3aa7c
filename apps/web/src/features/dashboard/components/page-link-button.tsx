import { Button, Tooltip } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';
import { useRouteExists } from '../hooks/use-route-exists';

export interface PageTarget {
  to: string;
  search?: Record<string, string>;
}

/** The first of the targets whose page exists, or null when none does yet. */
export function usePageTarget(target: PageTarget, fallback?: PageTarget): PageTarget | null {
  const exists = useRouteExists(target.to);
  const fallbackExists = useRouteExists(fallback?.to ?? '');
  if (exists) return target;
  return fallback && fallbackExists ? fallback : null;
}

export type PageLinkButtonProps = Omit<ComponentProps<typeof Button>, 'asChild' | 'onClick' | 'disabled'> & {
  target: PageTarget;
  /** Where to go while `target`'s page is not built yet. */
  fallback?: PageTarget;
};

/**
 * A button that opens another page. While that page is not built yet the button
 * stays in place, dimmed, and says so in a tooltip; it stays focusable (aria-disabled
 * rather than disabled) so keyboard and screen-reader users learn why too.
 */
export function PageLinkButton({ target, fallback, children, ...button }: PageLinkButtonProps) {
  const intl = useIntl();
  const open = usePageTarget(target, fallback);
  if (!open) {
    return (
      <Tooltip content={intl.formatMessage({ id: 'dashboard.unavailable' })}>
        <Button {...button} type="button" data-disabled="" aria-disabled="true">
          {children}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button {...button} asChild>
      {/* The path was checked at run time; the typed route union cannot vouch for it. */}
      <Link to={open.to as never} search={open.search as never}>
        {children}
      </Link>
    </Button>
  );
}
