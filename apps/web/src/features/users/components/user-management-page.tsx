import { Box, Button, Callout, Flex, Grid, Heading, Skeleton, Text, TextField } from '@radix-ui/themes';
import { useDeferredValue, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AccessDenied } from '../../../components/access-denied';
import { PlusIcon, SearchIcon, WarningIcon } from '../../../components/icons';
import { usePermissions } from '../../../lib/authorization';
import { usePharmacies } from '../../../lib/pharmacies';
import { useSignedInUser } from '../../../lib/session';
import { useAdminUsers } from '../api/get-admin-users';
import { filterUsers, groupUserRows } from '../utils/group-users';
import { CreateUserDialog } from './create-user-dialog';
import { UserCard } from './user-card';

/** /user-management (specification 001 §2): administrators only. */
export function UserManagementPage() {
  const { canManageUsers } = usePermissions();
  if (!canManageUsers) {
    return <AccessDenied description={<FormattedMessage id="users.accessDenied" />} />;
  }
  return <UserManagement />;
}

function UserManagement() {
  const intl = useIntl();
  const me = useSignedInUser();
  const users = useAdminUsers();
  const pharmacies = usePharmacies();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [createOpen, setCreateOpen] = useState(false);
  const [createSession, setCreateSession] = useState(0);

  const grouped = useMemo(() => groupUserRows(users.data ?? []), [users.data]);
  const shown = useMemo(() => filterUsers(grouped, deferredQuery), [grouped, deferredQuery]);

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
  } else if (shown.length === 0) {
    content = (
      <Text as="p" color="gray" className="text-center" my="6">
        <FormattedMessage id="users.empty" />
      </Text>
    );
  } else {
    content = (
      <Grid asChild columns={{ initial: '1', md: '2' }} gap="4">
        <section aria-label={intl.formatMessage({ id: 'users.list.label' })}>
          {shown.map((user) => (
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

      <Box maxWidth={{ initial: '100%', sm: '420px' }}>
        <TextField.Root
          type="search"
          size="3"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={intl.formatMessage({ id: 'users.search.placeholder' })}
          aria-label={intl.formatMessage({ id: 'users.search.label' })}
        >
          <TextField.Slot>
            <SearchIcon />
          </TextField.Slot>
        </TextField.Root>
      </Box>

      {content}

      <CreateUserDialog key={createSession} open={createOpen} onOpenChange={setCreateOpen} />
    </Flex>
  );
}
