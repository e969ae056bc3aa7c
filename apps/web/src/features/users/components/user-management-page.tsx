import type { UserSort } from '@pharmacy/contracts';
import { Box, Button, Callout, Flex, Grid, Heading, Select, Skeleton, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AccessDenied } from '../../../components/access-denied';
import { PlusIcon, WarningIcon } from '../../../components/icons';
import { PaginationBar } from '../../../components/pagination-bar';
import type { MessageId } from '../../../i18n/messages';
import { usePermissions } from '../../../lib/authorization';
import { usePharmacies } from '../../../lib/pharmacies';
import { useSignedInUser } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { firstAdminUserPage, useAdminUserPage } from '../api/get-admin-users';
import { CreateUserDialog } from './create-user-dialog';
import { UserCard } from './user-card';
import { SearchField } from '../../../components/search-field';

/** The orders the list offers (the server sorts; see GET /api/admin/users). */
const sorts: ReadonlyArray<{ value: UserSort; label: { id: MessageId } }> = [
  { value: 'name', label: { id: 'users.sort.name' } },
  { value: 'email', label: { id: 'users.sort.email' } },
  { value: 'role', label: { id: 'users.sort.role' } },
  { value: '-created', label: { id: 'users.sort.newest' } },
];

/** /user-management (specification 001 §2): administrators only. */
export function UserManagementPage() {
  const { canManageUsers } = usePermissions();
  if (!canManageUsers) {
    return <AccessDenied description={<FormattedMessage id="users.accessDenied" />} />;
  }
  return <UserManagement />;
}

/** The server searches (name or e-mail), sorts and pages the users; a page shows every assignment of its users. */
function UserManagement() {
  const intl = useIntl();
  const me = useSignedInUser();
  const pharmacies = usePharmacies();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<UserSort>(firstAdminUserPage.sort);
  const settledQuery = useDebouncedValue(query.trim(), 250);
  const users = useAdminUserPage({ page, sort, q: settledQuery });
  const pageWindow = users.window;
  // The last user of the last page deleted: show the page that is now last.
  useEffect(() => {
    if (users.isSuccess && !users.isPlaceholderData && page > pageWindow.pageCount) setPage(pageWindow.pageCount);
  }, [users.isSuccess, users.isPlaceholderData, page, pageWindow.pageCount]);
  const [createOpen, setCreateOpen] = useState(false);
  const [createSession, setCreateSession] = useState(0);

  let content;
  if (users.isPending) {
    content = (
      <Flex direction="column" gap="3" role="status" aria-label={intl.formatMessage({ id: 'users.loading' })}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height="150px" />
        ))}
      </Flex>
    );
  } else if (users.isError) {
    content = (
      <Callout.Root color="red" role="alert">
        <Callout.Icon>
          <WarningIcon />
        </Callout.Icon>
        <Flex direction="column" gap="2" align="start">
          <Callout.Text>
            <FormattedMessage id="users.loadError" />
          </Callout.Text>
          <Button size="2" variant="soft" color="red" onClick={() => void users.refetch()} loading={users.isFetching}>
            <FormattedMessage id="common.retry" />
          </Button>
        </Flex>
      </Callout.Root>
    );
  } else if (pageWindow.rows.length === 0) {
    content = (
      <Text as="p" color="gray" className="text-center" my="6">
        <FormattedMessage id="users.empty" />
      </Text>
    );
  } else {
    content = (
      <Grid asChild columns={{ initial: '1', md: '2' }} gap="4">
        <section aria-label={intl.formatMessage({ id: 'users.list.label' })}>
          {pageWindow.rows.map((user) => (
            <UserCard key={user.userId} user={user} isSelf={user.userId === me.id} pharmacies={pharmacies.data ?? []} />
          ))}
        </section>
      </Grid>
    );
  }

  return (
    <Flex direction="column" gap="5">
      <Flex
        direction={{ initial: 'column', sm: 'row' }}
        justify="between"
        align={{ initial: 'stretch', sm: 'end' }}
        gap="4"
      >
        <Box>
          <Heading as="h1" size="7">
            <FormattedMessage id="users.title" />
          </Heading>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage id="users.subtitle" />
          </Text>
        </Box>
        <Button
          onClick={() => {
            setCreateSession((session) => session + 1);
            setCreateOpen(true);
          }}
        >
          <PlusIcon />
          <FormattedMessage id="users.create.open" />
        </Button>
      </Flex>

      <Flex gap="2" direction={{ initial: 'column', sm: 'row' }} align={{ sm: 'center' }}>
        <Box width={{ initial: '100%', sm: '420px' }}>
          <SearchField
            size="3"
            value={query}
            onValueChange={(value) => {
              setQuery(value);
              setPage(1);
            }}
            placeholder={intl.formatMessage({ id: 'users.search.placeholder' })}
            label={intl.formatMessage({ id: 'users.search.label' })}
          />
        </Box>
        <Select.Root
          size="3"
          value={sort}
          onValueChange={(next) => {
            setSort(next as UserSort);
            setPage(1);
          }}
        >
          <Select.Trigger className="filter-select" aria-label={intl.formatMessage({ id: 'users.sort.label' })} />
          <Select.Content position="popper">
            {sorts.map((option) => (
              <Select.Item key={option.value} value={option.value}>
                {intl.formatMessage(option.label)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>

      {content}

      <PaginationBar
        page={pageWindow.page}
        pageCount={pageWindow.pageCount}
        onPageChange={setPage}
        summary={
          <FormattedMessage
            id="users.showing"
            values={{ from: pageWindow.from, to: pageWindow.to, total: pageWindow.total }}
          />
        }
      />

      <CreateUserDialog key={createSession} open={createOpen} onOpenChange={setCreateOpen} />
    </Flex>
  );
}
