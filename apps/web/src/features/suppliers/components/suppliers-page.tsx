import type { Supplier } from '@pharmacy/contracts';
import { Badge, Box, Button, Flex, Heading, IconButton, Table, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AccessDenied } from '../../../components/access-denied';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { DataTable } from '../../../components/data-table';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { useToast } from '../../../components/toaster';
import { apiErrorOf } from '../../../lib/api';
import { usePermissions } from '../../../lib/authorization';
import { useSuppliers } from '../../../lib/catalogue';
import { inUseCount } from '../../../lib/in-use';
import { useDeleteSupplier } from '../api/delete-supplier';
import { SupplierFormDialog } from './supplier-form-dialog';
import { RowTooltip } from '../../../components/row-tooltip';

/** /suppliers (specification 001 §2): administrators only. */
export function SuppliersPage() {
  const { canManageSuppliers } = usePermissions();
  if (!canManageSuppliers) return <AccessDenied description={<FormattedMessage id="suppliers.accessDenied" />} />;
  return <Suppliers />;
}

function Suppliers() {
  const intl = useIntl();
  const { toast } = useToast();
  const suppliers = useSuppliers();
  const deletion = useDeleteSupplier();
  const [formOpen, setFormOpen] = useState(false);
  const [formTarget, setFormTarget] = useState<Supplier | null>(null);
  const [formSession, setFormSession] = useState(0);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<Supplier | null>(null);

  const openForm = (supplier: Supplier | null) => {
    setFormTarget(supplier);
    setFormSession((session) => session + 1);
    setFormOpen(true);
  };

  const confirmDelete = () => {
    if (!deleteTarget) return;
    deletion.mutate(deleteTarget.id, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'common.success' }),
          description: intl.formatMessage({ id: 'suppliers.toast.deleted' }),
        });
        setDeleteOpen(false);
      },
      onError: (error) => {
        const apiError = apiErrorOf(error);
        const inUse = apiError?.code === 'SUPPLIER_IN_USE';
        const count = inUse ? inUseCount(apiError.message) : undefined;
        toast({
          variant: 'error',
          title: intl.formatMessage({ id: 'suppliers.toast.deleteFailed' }),
          description:
            count !== undefined
              ? intl.formatMessage({ id: 'suppliers.error.inUse' }, { count })
              : inUse
                ? apiError.message
                : intl.formatMessage({ id: 'common.tryAgainLater' }),
        });
        setDeleteOpen(false);
      },
    });
  };

  const cell = (value: string | null, ltr = false) =>
    value ? ltr ? <span className="ltr-value">{value}</span> : <bdi>{value}</bdi> : '—';

  const renderRow = (supplier: Supplier) => (
    <Table.Row key={supplier.id}>
      <Table.RowHeaderCell>
        <bdi>{supplier.name}</bdi>
      </Table.RowHeaderCell>
      <Table.Cell>{cell(supplier.contactPerson)}</Table.Cell>
      <Table.Cell>{cell(supplier.phone, true)}</Table.Cell>
      <Table.Cell>{cell(supplier.email, true)}</Table.Cell>
      <Table.Cell>
        {supplier.isActive ? (
          <Badge color="green">
            <FormattedMessage id="suppliers.status.active" />
          </Badge>
        ) : (
          <Badge color="gray">
            <FormattedMessage id="suppliers.status.inactive" />
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>
        <Flex gap="3">
          <RowTooltip content={intl.formatMessage({ id: 'common.edit' })}>
            <IconButton
              variant="ghost"
              size="1"
              aria-label={intl.formatMessage({ id: 'suppliers.editLabel' }, { name: supplier.name })}
              onClick={() => openForm(supplier)}
            >
              <PencilIcon />
            </IconButton>
          </RowTooltip>
          <RowTooltip content={intl.formatMessage({ id: 'common.delete' })}>
            <IconButton
              variant="ghost"
              size="1"
              color="red"
              aria-label={intl.formatMessage({ id: 'suppliers.deleteLabel' }, { name: supplier.name })}
              onClick={() => {
                setDeleteTarget(supplier);
                setDeleteOpen(true);
              }}
            >
              <TrashIcon />
            </IconButton>
          </RowTooltip>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );

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
            <FormattedMessage id="suppliers.title" />
          </Heading>
          <Text as="p" color="gray" mt="1">
            <FormattedMessage id="suppliers.subtitle" />
          </Text>
        </Box>
        <Button onClick={() => openForm(null)}>
          <PlusIcon />
          <FormattedMessage id="suppliers.add" />
        </Button>
      </Flex>
      <DataTable
        label={intl.formatMessage({ id: 'suppliers.title' })}
        columns={[
          { id: 'suppliers.column.name' },
          { id: 'suppliers.column.contactPerson' },
          { id: 'suppliers.column.phone' },
          { id: 'suppliers.column.email' },
          { id: 'suppliers.column.status' },
          { id: 'inventory.column.actions' },
        ]}
        loadError={
          suppliers.isError
            ? {
                title: <FormattedMessage id="suppliers.loadError" />,
                onRetry: () => void suppliers.refetch(),
                isRetrying: suppliers.isFetching,
              }
            : undefined
        }
        isLoading={suppliers.isPending}
        rows={suppliers.data ?? []}
        renderRow={renderRow}
        empty={<FormattedMessage id="suppliers.empty" />}
      />
      <SupplierFormDialog key={formSession} open={formOpen} onOpenChange={setFormOpen} supplier={formTarget} />
      <ConfirmDeleteDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        isPending={deletion.isPending}
        onConfirm={confirmDelete}
        title={<FormattedMessage id="suppliers.delete.title" />}
        description={
          <>
            <FormattedMessage id="suppliers.delete.confirm" />{' '}
            <FormattedMessage id="suppliers.delete.detail" values={{ name: <bdi>{deleteTarget?.name ?? ''}</bdi> }} />
          </>
        }
      />
    </Flex>
  );
}
