import { Card, Grid, Text } from '@radix-ui/themes';
import type { ComponentProps, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages';

export interface SummaryCard {
  /** Also the card's `data-<attribute>`, which tests and styles find it by. */
  key: string;
  label: string;
  /** The figure ('—' stands for it while it loads). */
  value: ReactNode;
  color?: ComponentProps<typeof Text>['color'];
  /** A line under the figure (units, a period); none when left out. */
  note?: ReactNode;
}

/**
 * A list's figures above it (totals, counts by status), as a labelled list of
 * cards, as many to a row as `columns` says at each width.
 */
export function SummaryCards({
  label,
  cards,
  columns,
  attribute = 'card',
  valueSize = '6',
  className,
  valueClassName,
}: {
  /** The list's accessible name. */
  label: { id: MessageId };
  cards: readonly SummaryCard[];
  columns: ComponentProps<typeof Grid>['columns'];
  attribute?: 'card' | 'tile' | 'status';
  valueSize?: '5' | '6';
  className?: string;
  valueClassName?: string;
}) {
  const intl = useIntl();
  return (
    <Grid columns={columns} gap="3" asChild>
      <ul className="plain-list" aria-label={intl.formatMessage(label)}>
        {cards.map((card) => (
          <Card
            asChild
            key={card.key}
            className={className ? `summary-card ${className}` : 'summary-card'}
            {...{ [`data-${attribute}`]: card.key }}
          >
            <li>
              <Text as="div" size="2" color="gray">
                {card.label}
              </Text>
              <Text as="div" size={valueSize} weight="bold" color={card.color} className={valueClassName}>
                {card.value ?? '—'}
              </Text>
              {card.note !== undefined && (
                <Text as="div" size="1" color="gray">
                  {card.note}
                </Text>
              )}
            </li>
          </Card>
        ))}
      </ul>
    </Grid>
  );
}
