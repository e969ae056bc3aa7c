import { Button, Callout, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { LoadErrorCallout } from '../../../components/load-error-callout';
import { ChartIcon, ShieldIcon, SparklesIcon } from '../../../components/icons';
import type { MessageId } from '../../../i18n/messages';
import { useRole, type Role } from '../../../lib/authorization';
import { useLowStockCount, useProductCount } from '../api/chat';

const roleLabels: Readonly<Record<Role, { id: MessageId }>> = {
  admin: { id: 'role.administrator' },
  pharmacist: { id: 'role.pharmacist' },
  auditor: { id: 'role.auditor' },
};

type CountQuery = Pick<UseQueryResult<{ total: number }>, 'data' | 'isPending' | 'isError'>;

function Count({ query }: { query: CountQuery }) {
  const intl = useIntl();
  if (query.isPending) return <Skeleton width="48px" height="24px" />;
  return <>{query.data ? intl.formatNumber(query.data.total) : '—'}</>;
}

/** Total products (GET /api/products), low-stock items (GET /api/inventory/low-stock) and the user's role. */
export function QuickStats() {
  const intl = useIntl();
  const role = useRole();
  const products = useProductCount();
  const lowStock = useLowStockCount();
  const failed = [products, lowStock].filter((query) => query.isError);
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Flex align="center" gap="2">
          <ChartIcon width={18} height={18} className="chat-title-icon" />
          <Heading as="h2" size="3">
            <FormattedMessage id="aiChat.stats.title" />
          </Heading>
        </Flex>
        <dl className="chat-stats">
          <div>
            <dt>
              <FormattedMessage id="aiChat.stats.products" />
            </dt>
            <dd data-stat="products">
              <Count query={products} />
            </dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="aiChat.stats.lowStock" />
            </dt>
            <dd data-stat="low-stock" data-warning={(lowStock.data?.total ?? 0) > 0 || undefined}>
              <Count query={lowStock} />
            </dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="aiChat.stats.role" />
            </dt>
            <dd data-stat="role">{intl.formatMessage(roleLabels[role])}</dd>
          </div>
        </dl>
        {failed.length > 0 && (
          <LoadErrorCallout
            title={<FormattedMessage id="aiChat.stats.error" />}
            onRetry={() => failed.forEach((query) => void query.refetch())}
            isRetrying={failed.some((query) => query.isFetching)}
          />
        )}
      </Flex>
    </Card>
  );
}

const tips: readonly { id: MessageId }[] = [
  { id: 'aiChat.tips.lowStock' },
  { id: 'aiChat.tips.expiring' },
  { id: 'aiChat.tips.productStock' },
  { id: 'aiChat.tips.sales' },
  { id: 'aiChat.tips.batch' },
];

/** Questions the assistant answers, in the reader's language; a click puts one in the input. */
export function HelpfulTips({ onPick }: { onPick(question: string): void }) {
  const intl = useIntl();
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Flex align="center" gap="2">
          <SparklesIcon width={18} height={18} className="chat-title-icon" />
          <Heading as="h2" size="3">
            <FormattedMessage id="aiChat.tips.title" />
          </Heading>
        </Flex>
        <Text size="2" color="gray">
          <FormattedMessage id="aiChat.tips.intro" />
        </Text>
        <ul className="plain-list chat-tips">
          {tips.map((tip) => {
            const question = intl.formatMessage(tip);
            return (
              <li key={tip.id}>
                <Button type="button" variant="soft" color="gray" className="chat-tip" onClick={() => onPick(question)}>
                  {question}
                </Button>
              </li>
            );
          })}
        </ul>
      </Flex>
    </Card>
  );
}

/** The assistant informs; it does not take a pharmacist's place. */
export function SafetyNotice() {
  return (
    <Callout.Root color="amber" variant="surface" size="2" className="chat-safety">
      <Callout.Icon>
        <ShieldIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Heading as="h2" size="3">
          <FormattedMessage id="aiChat.safety.title" />
        </Heading>
        <Callout.Text>
          <FormattedMessage id="aiChat.safety.text" />
        </Callout.Text>
      </Flex>
    </Callout.Root>
  );
}
