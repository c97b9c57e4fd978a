// The CRUD kit: a management page is its columns, search fields, form fields and domain actions.
export { actionColumn, CreateButton, ExportButton, useDeleteAction } from './actions';
export type { ExportButtonProps } from './actions';
export {
  dateTimeColumn,
  dictColumn,
  idColumn,
  imageColumn,
  textColumn,
  useEditDeleteColumn,
} from './columns';
export type { EditDeleteColumnOptions } from './columns';
export { useCrudPage } from './crud-page';
export type { CrudEndpoints, CrudFormOptions, CrudPageOptions, CrudRowActions } from './crud-page';
export { confirmAction, confirmDelete, confirmExport, deleteQuestion } from './confirm';
export { useConfirmedCall } from './confirmed-call';
export type { ConfirmedCall } from './confirmed-call';
export { detailAction, DetailDialog, useDetailDialog } from './detail-dialog';
export type { DetailDialogControl, DetailDialogProps, DetailItem } from './detail-dialog';
export { DictRadio, DictSelect, useDictValueOptions } from './dict-inputs';
export {
  dictField,
  emailField,
  formItem,
  mobileField,
  numberField,
  passwordField,
  readOnlyField,
  remarkField,
  secretField,
  statusField,
  textField,
} from './form-fields';
export type { DictFieldOptions, TextFieldOptions } from './form-fields';
export { FormDialog, useFormDialog } from './form-dialog';
export { compactText, maxLength, required, requiredText } from './form-rules';
export type { DialogTarget, FormDialogControl, FormDialogProps } from './form-dialog';
export { ListPage } from './list-page';
export type { ListPageProps } from './list-page';
export { formatListState, INITIAL_LIST_STATE, parseListState } from './list-state';
export type { ListState } from './list-state';
export { invalidateEndpoints, queryKey, resourceOf } from './query-key';
export { SearchFieldItems, toFormValues, toQuery } from './search-fields';
export type { ListQuery, QueryValue, SearchField } from './search-fields';
export { StatusSwitch, statusColumn } from './status-switch';
export type { CommonStatus, StatusColumnOptions, StatusSwitchProps } from './status-switch';
export { sendTestAction, TemplateSendDialog } from './template-send-dialog';
export type { SendableTemplate, TemplateSend, TemplateSendDialogProps } from './template-send-dialog';
export { useTreeCrudPage } from './tree-crud-page';
export type { ParentChoices, ParentOption, TreeCrudEndpoints, TreeCrudPageOptions } from './tree-crud-page';
export { ExpandAllButton, useTreeList } from './tree-list';
export type { TreeListApi, TreeListOptions, TreeRowOf } from './tree-list';
export { useCan } from './use-can';
export { useListPage, useRefresh } from './use-list-page';
export { useOnOpen } from './use-on-open';
export type { ListPageApi, ListPageOptions, PageEndpoint, RowOf } from './use-list-page';
export { deleteAction, RowActions, updateAction } from '../ui/row-actions';
export type { RowAction } from '../ui/row-actions';
export { SubForm, SubTables } from './sub-form';
export type { SubField, SubFormProps, SubTable } from './sub-form';
