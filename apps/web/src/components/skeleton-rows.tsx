import { Skeleton, Table } from '@radix-ui/themes';
import { useIntl } from 'react-intl';

/** Placeholder rows while a table loads; announced once as "Loading...". */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  const intl = useIntl();
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Row key={row} aria-hidden={row > 0 || undefined}>
          {Array.from({ length: columns }, (_, column) => (
            <Table.Cell key={column}>
              {row === 0 && column === 0 ? (
                <span role="status" aria-label={intl.formatMessage({ id: 'common.loading' })}>
                  <Skeleton height="16px" width="120px" />
                </span>
              ) : (
                <Skeleton height="16px" />
              )}
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </>
  );
}
