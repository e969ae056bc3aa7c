import type { UserSort } from '@pharmacy/contracts';
import { Box, Button, Callout, Flex, Grid, Select, Skeleton, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AccessDenied } from '../../../components/access-denied';
import { PlusIcon, WarningIcon } from '../../../components/icons';
import { ListHeader, ListPaging, ListSearchField } from '../../../components/list-page';
import type { MessageId } from '../../../i18n/messages';
import { usePermissions } from '../../../lib/authorization';
import { useListSearch } from '../../../lib/list-search';
import { usePharmacies } from '../../../lib/pharmacies';
import { useSignedInUser } from '../../../lib/session';
import { useAdminUserPage } from '../api/get-admin-users';
import { userListDefaults, userListRequest, userListSearch } from '../user-list';
import { CreateUserDialog } from './create-user-dialog';
import { UserCard } from './user-card';

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
  const list = useListSearch(userListSearch, userListDefaults);
  const users = useAdminUserPage(userListRequest(list.values));
  const pageWindow = users.window;
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
      <ListHeader
        title={{ id: 'users.title' }}
        subtitle={{ id: 'users.subtitle' }}
        actions={
          <Button
            onClick={() => {
              setCreateSession((session) => session + 1);
              setCreateOpen(true);
            }}
          >
            <PlusIcon />
            <FormattedMessage id="users.create.open" />
          </Button>
        }
      />

      <Flex gap="2" direction={{ initial: 'column', sm: 'row' }} align={{ sm: 'center' }}>
        <Box width={{ initial: '100%', sm: '420px' }}>
          <ListSearchField
            list={list}
            size="3"
            label={{ id: 'users.search.label' }}
            placeholder={{ id: 'users.search.placeholder' }}
          />
        </Box>
        <Select.Root
          size="3"
          value={list.values.sort}
          onValueChange={(next) => list.update({ sort: next as UserSort })}
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

      <ListPaging list={list} showing={{ id: 'users.showing' }} query={users} window={pageWindow} />

      <CreateUserDialog key={createSession} open={createOpen} onOpenChange={setCreateOpen} />
    </Flex>
  );
}
