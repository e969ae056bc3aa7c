import { Button, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pageButtons } from '../lib/pagination';
import { ChevronBackIcon, ChevronForwardIcon } from './icons';

export interface PaginationBarProps {
  page: number;
  pageCount: number;
  /** "Showing X to Y of Z ..." in the list's own words. */
  summary: ReactNode;
  onPageChange(page: number): void;
}

/** Specification 001 §2: shown only when there is more than one page. */
export function PaginationBar({ page, pageCount, summary, onPageChange }: PaginationBarProps) {
  const intl = useIntl();
  if (pageCount <= 1) return null;
  return (
    <Flex
      asChild
      direction={{ initial: 'column', sm: 'row' }}
      align={{ initial: 'start', sm: 'center' }}
      justify="between"
      gap="3"
    >
      <nav aria-label={intl.formatMessage({ id: 'pagination.label' })}>
        <Text size="2" color="gray" aria-live="polite">
          {summary}
        </Text>
        <Flex gap="1" wrap="wrap" align="center">
          <Button variant="soft" color="gray" size="1" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronBackIcon />
            <FormattedMessage id="pagination.previous" />
          </Button>
          {pageButtons(pageCount).map((button, index) =>
            button.kind === 'ellipsis' ? (
              <Text key={`gap-${index}`} size="2" color="gray" aria-hidden="true" className="pagination-gap">
                …
              </Text>
            ) : (
              <Button
                key={button.page}
                size="1"
                variant={button.page === page ? 'solid' : 'soft'}
                color={button.page === page ? undefined : 'gray'}
                aria-current={button.page === page ? 'page' : undefined}
                aria-label={intl.formatMessage({ id: 'pagination.page' }, { page: button.page })}
                onClick={() => onPageChange(button.page)}
              >
                {intl.formatNumber(button.page)}
              </Button>
            ),
          )}
          <Button
            variant="soft"
            color="gray"
            size="1"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            <FormattedMessage id="pagination.next" />
            <ChevronForwardIcon />
          </Button>
        </Flex>
      </nav>
    </Flex>
  );
}
