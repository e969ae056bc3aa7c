import {
  categoryInputSchema,
  categorySchema,
  type Category,
  type CategoryInput,
  type CategoryInputValues,
} from '@pharmacy/contracts';
import { Table, TextArea, TextField } from '@radix-ui/themes';
import { FormattedMessage } from 'react-intl';
import { FormField } from '../../../components/form-field';
import { categoriesQueryKey, localizedName, useCategories } from '../../../lib/catalogue';
import type { ReferenceListConfig } from '../reference-list';
import { ReferenceListPage } from './reference-list-page';

/** Categories: a name and a description, each in English and Arabic. */
export const categoriesList: ReferenceListConfig<Category, CategoryInputValues, CategoryInput> = {
  path: '/api/categories',
  useItems: useCategories,
  queryKey: categoriesQueryKey,
  itemSchema: categorySchema,
  inputSchema: categoryInputSchema,
  canManage: (permissions) => permissions.canManageCategories,
  inUseCode: 'CATEGORY_IN_USE',
  messages: {
    title: 'categories.title',
    subtitle: 'categories.subtitle',
    accessDenied: 'categories.accessDenied',
    add: 'categories.add',
    loadError: 'categories.loadError',
    empty: 'categories.empty',
    editLabel: 'categories.editLabel',
    deleteLabel: 'categories.deleteLabel',
    deleteTitle: 'categories.delete.title',
    deleteConfirm: 'categories.delete.confirm',
    deleteDetail: 'categories.delete.detail',
    deleted: 'categories.toast.deleted',
    deleteFailed: 'categories.toast.deleteFailed',
    inUse: 'categories.error.inUse',
    created: 'categories.toast.created',
    updated: 'categories.toast.updated',
    createFailed: 'categories.toast.createFailed',
    updateFailed: 'categories.toast.updateFailed',
    createTitle: 'categories.form.createTitle',
    editTitle: 'categories.form.editTitle',
    formDescription: 'categories.form.description',
    create: 'categories.form.create',
    update: 'categories.form.update',
  },
  columns: [
    { id: 'categories.column.name' },
    { id: 'categories.column.nameAr' },
    { id: 'categories.column.description' },
  ],
  cells: (category, language) => (
    <>
      <Table.Cell>{category.nameAr ? <bdi lang="ar">{category.nameAr}</bdi> : '—'}</Table.Cell>
      <Table.Cell>
        <bdi>{localizedName(category.description ?? '', category.descriptionAr, language) || '—'}</bdi>
      </Table.Cell>
    </>
  ),
  nameOf: (category, language) => localizedName(category.name, category.nameAr, language),
  formValues: (category) => ({
    name: category?.name ?? '',
    nameAr: category?.nameAr ?? '',
    description: category?.description ?? '',
    descriptionAr: category?.descriptionAr ?? '',
  }),
  fields: ({ form, disabled, errorText }) => (
    <>
      <FormField label={<FormattedMessage id="categories.form.name" />} error={errorText('name')} required>
        {(props) => <TextField.Root {...props} {...form.register('name')} disabled={disabled} autoComplete="off" />}
      </FormField>
      <FormField label={<FormattedMessage id="categories.form.nameAr" />} error={errorText('nameAr')}>
        {(props) => (
          <TextField.Root
            {...props}
            {...form.register('nameAr')}
            disabled={disabled}
            dir="rtl"
            lang="ar"
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField label={<FormattedMessage id="categories.form.descriptionEn" />} error={errorText('description')}>
        {(props) => <TextArea {...props} {...form.register('description')} rows={3} disabled={disabled} />}
      </FormField>
      <FormField label={<FormattedMessage id="categories.form.descriptionAr" />} error={errorText('descriptionAr')}>
        {(props) => (
          <TextArea {...props} {...form.register('descriptionAr')} rows={3} dir="rtl" lang="ar" disabled={disabled} />
        )}
      </FormField>
    </>
  ),
};

/** /categories (specification 001 §2): administrators only. */
export function CategoriesPage() {
  return <ReferenceListPage config={categoriesList} />;
}
