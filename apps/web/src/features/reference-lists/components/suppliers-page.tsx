import {
  supplierInputSchema,
  supplierSchema,
  type Supplier,
  type SupplierInput,
  type SupplierInputValues,
} from '@pharmacy/contracts';
import { Badge, Box, Table, TextArea, TextField } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { ActiveSwitchField } from '../../../components/active-switch-field';
import { FormField } from '../../../components/form-field';
import { suppliersQueryKey, useSuppliers } from '../../../lib/catalogue';
import type { ReferenceListConfig } from '../reference-list';
import { ReferenceListPage } from './reference-list-page';

/** A contact detail, or a dash; phone numbers and e-mail addresses read left to right in Arabic too. */
function contact(value: string | null, ltr = false) {
  if (!value) return '—';
  return ltr ? <span className="ltr-value">{value}</span> : <bdi>{value}</bdi>;
}

/** Suppliers: who to call or write to, and whether they are still used. */
export const suppliersList: ReferenceListConfig<Supplier, SupplierInputValues, SupplierInput> = {
  path: '/api/suppliers',
  useItems: useSuppliers,
  queryKey: suppliersQueryKey,
  itemSchema: supplierSchema,
  inputSchema: supplierInputSchema,
  canManage: (permissions) => permissions.canManageSuppliers,
  inUseCode: 'SUPPLIER_IN_USE',
  messages: {
    title: { id: 'suppliers.title' },
    subtitle: { id: 'suppliers.subtitle' },
    accessDenied: { id: 'suppliers.accessDenied' },
    add: { id: 'suppliers.add' },
    loadError: { id: 'suppliers.loadError' },
    empty: { id: 'suppliers.empty' },
    editLabel: { id: 'suppliers.editLabel' },
    deleteLabel: { id: 'suppliers.deleteLabel' },
    deleteTitle: { id: 'suppliers.delete.title' },
    deleteConfirm: { id: 'suppliers.delete.confirm' },
    deleteDetail: { id: 'suppliers.delete.detail' },
    deleted: { id: 'suppliers.toast.deleted' },
    deleteFailed: { id: 'suppliers.toast.deleteFailed' },
    inUse: { id: 'suppliers.error.inUse' },
    created: { id: 'suppliers.toast.created' },
    updated: { id: 'suppliers.toast.updated' },
    createFailed: { id: 'suppliers.toast.createFailed' },
    updateFailed: { id: 'suppliers.toast.updateFailed' },
    createTitle: { id: 'suppliers.form.createTitle' },
    editTitle: { id: 'suppliers.form.editTitle' },
    formDescription: { id: 'suppliers.form.description' },
    create: { id: 'suppliers.form.create' },
    update: { id: 'suppliers.form.update' },
  },
  columns: [
    { id: 'suppliers.column.name' },
    { id: 'suppliers.column.contactPerson' },
    { id: 'suppliers.column.phone' },
    { id: 'suppliers.column.email' },
    { id: 'suppliers.column.status' },
  ],
  cells: (supplier) => (
    <>
      <Table.Cell>{contact(supplier.contactPerson)}</Table.Cell>
      <Table.Cell>{contact(supplier.phone, true)}</Table.Cell>
      <Table.Cell>{contact(supplier.email, true)}</Table.Cell>
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
    </>
  ),
  nameOf: (supplier) => supplier.name,
  formValues: (supplier) => ({
    name: supplier?.name ?? '',
    contactPerson: supplier?.contactPerson ?? '',
    phone: supplier?.phone ?? '',
    email: supplier?.email ?? '',
    address: supplier?.address ?? '',
    // Specification 001 §2: on by default.
    isActive: supplier?.isActive ?? true,
  }),
  fields: ({ form, disabled, errorText }) => (
    <>
      <FormField label={<FormattedMessage id="suppliers.form.name" />} error={errorText('name')} required>
        {(props) => <TextField.Root {...props} {...form.register('name')} disabled={disabled} autoComplete="off" />}
      </FormField>
      <FormField label={<FormattedMessage id="suppliers.form.contactPerson" />} error={errorText('contactPerson')}>
        {(props) => (
          <TextField.Root {...props} {...form.register('contactPerson')} disabled={disabled} autoComplete="off" />
        )}
      </FormField>
      <FormField label={<FormattedMessage id="suppliers.form.phone" />} error={errorText('phone')}>
        {(props) => <TextField.Root {...props} {...form.register('phone')} type="tel" dir="ltr" disabled={disabled} />}
      </FormField>
      <FormField label={<FormattedMessage id="suppliers.form.email" />} error={errorText('email')}>
        {(props) => (
          <TextField.Root {...props} {...form.register('email')} type="email" dir="ltr" disabled={disabled} />
        )}
      </FormField>
      <Box gridColumn={{ sm: 'span 2' }}>
        <FormField label={<FormattedMessage id="suppliers.form.address" />} error={errorText('address')}>
          {(props) => <TextArea {...props} {...form.register('address')} rows={2} disabled={disabled} />}
        </FormField>
      </Box>
    </>
  ),
  after: ({ form, disabled }) => (
    <ActiveSwitchField
      control={form.control}
      name="isActive"
      disabled={disabled}
      label={<FormattedMessage id="suppliers.form.isActive" />}
      hint={<FormattedMessage id="suppliers.form.isActiveHint" />}
    />
  ),
};

/** /suppliers (specification 001 §2): administrators only. */
export function SuppliersPage() {
  return <ReferenceListPage config={suppliersList} />;
}
