import type { ModalFuncProps } from 'antd';

type Confirm = (props: ModalFuncProps) => unknown;

/**
 * The reference's confirmation: titled 系统提示, buttons 确定 / 取消. `onOk` may return a promise; the
 * dialog closes when it settles, failed or not (the request layer has already shown the failure), as the
 * reference's confirm-then-call does.
 */
export const confirmAction = (confirm: Confirm, content: string, onOk: () => Promise<unknown> | void) =>
  confirm({
    title: '系统提示',
    content,
    okText: '确定',
    cancelText: '取消',
    onOk: () => Promise.resolve(onOk()).catch(() => undefined),
  });

/** '是否确认删除岗位编号为"7"的数据项?' */
export const deleteQuestion = (entity: string, id: string | number): string =>
  `是否确认删除${entity}编号为"${id}"的数据项?`;

export const confirmDelete = (
  confirm: Confirm,
  entity: string,
  id: string | number,
  onOk: () => Promise<unknown>,
) => confirmAction(confirm, deleteQuestion(entity, id), onOk);

/** '是否确认导出所有岗位数据项?' */
export const confirmExport = (confirm: Confirm, entity: string, onOk: () => Promise<unknown>) =>
  confirmAction(confirm, `是否确认导出所有${entity}数据项?`, onOk);
