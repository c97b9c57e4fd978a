import {
  CODEGEN_SCENE,
  CODEGEN_SUPPORTED_TEMPLATES,
  CODEGEN_TEMPLATE_TYPE,
  codegenTableList,
  DICT_TYPE,
  MENU_TYPE,
} from '@app/contract';
import type { CodegenColumn, CodegenTable, MenuSimple } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Divider, Form, Radio, Select, TreeSelect } from 'antd';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { dictField, formItem, queryKey, required, textField } from '../../shared/crud';
import { request } from '../../shared/request';
import { toTree } from '../../shared/tree/check-tree-nodes';

const PARENT_MENU_RULES: FormRule[] = [
  ({ getFieldValue }) => ({
    // A sub-table has no menu of its own: its master's page edits it.
    required:
      getFieldValue('scene') === CODEGEN_SCENE.ADMIN &&
      getFieldValue('templateType') !== CODEGEN_TEMPLATE_TYPE.SUB,
    message: '上级菜单不能为空，管理后台的代码生成需要选择上级菜单',
  }),
];

const ONE_TO_MANY = [
  { label: '一对多', value: true },
  { label: '一对一', value: false },
];

/** A required select among `options`, with the reference's hint below it. */
const selectField = (
  label: string,
  name: keyof CodegenTable & string,
  options: { value: number; label: string }[],
  extra: string,
) => formItem(label, name, required(label), <Select placeholder="请选择" options={options} />, extra);

/**
 * 生成信息: the template, the scene and where the generated code and menu go; a tree table names its
 * parent and name columns, a sub table its master table and join column.
 */
export function CodegenGenFields({
  table,
  columns,
  menus,
}: {
  table: CodegenTable;
  columns: readonly CodegenColumn[];
  menus: readonly MenuSimple[];
}) {
  const templateType = Form.useWatch<number | undefined>('templateType');
  const menuTree = useMemo(() => toTree(menus.filter((menu) => menu.type !== MENU_TYPE.BUTTON)), [menus]);
  const isSub = templateType === CODEGEN_TEMPLATE_TYPE.SUB;
  const masters = useQuery({
    queryKey: queryKey(codegenTableList, { dataSourceConfigId: table.dataSourceConfigId }),
    queryFn: () => request(codegenTableList, { query: { dataSourceConfigId: table.dataSourceConfigId } }),
    enabled: isSub,
  });
  const columnOptions = columns.map((column) => ({
    value: column.id,
    label: `${column.columnName}：${column.columnComment}`,
  }));
  const masterOptions = (masters.data ?? [])
    .filter((master) => master.id !== table.id)
    .map((master) => ({ value: master.id, label: `${master.tableName}：${master.tableComment}` }));

  return (
    <div className="codegen-form">
      {dictField('生成模板', 'templateType', DICT_TYPE.INFRA_CODEGEN_TEMPLATE_TYPE, {
        select: true,
        extra:
          templateType === undefined || CODEGEN_SUPPORTED_TEMPLATES.includes(templateType)
            ? undefined
            : '暂不支持该生成模板，还不能预览和生成代码',
      })}
      {dictField('前端类型', 'frontType', DICT_TYPE.INFRA_CODEGEN_FRONT_TYPE, { select: true })}
      {dictField('生成场景', 'scene', DICT_TYPE.INFRA_CODEGEN_SCENE, { select: true })}
      <Form.Item
        label="上级菜单"
        name="parentMenuId"
        dependencies={['scene', 'templateType']}
        rules={PARENT_MENU_RULES}
        extra="分配到指定菜单下，例如 系统管理"
      >
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeData={menuTree}
          fieldNames={{ value: 'key' }}
          placeholder="请选择系统菜单"
        />
      </Form.Item>
      {textField('模块名', 'moduleName', 30, { extra: '模块名，即一级目录，例如 system、infra、tool 等等' })}
      {textField('业务名', 'businessName', 30, {
        extra: '业务名，即二级目录，例如 user、permission、dict 等等',
      })}
      {textField('类名称', 'className', 60, {
        extra: '类名称（首字母大写），例如 SysUser、SysMenu、SysDictData 等等',
      })}
      {textField('类描述', 'classComment', 60, { extra: '用作类描述，例如 用户' })}

      {templateType === CODEGEN_TEMPLATE_TYPE.TREE && (
        <>
          <Divider>树表信息</Divider>
          {selectField(
            '父编号字段',
            'treeParentColumnId',
            columnOptions,
            '树显示的父编码字段名，如：parent_id',
          )}
          {selectField('树名称字段', 'treeNameColumnId', columnOptions, '树节点显示的名称字段名，如：name')}
        </>
      )}
      {isSub && (
        <>
          <Divider>主表信息</Divider>
          {selectField(
            '关联的主表',
            'masterTableId',
            masterOptions,
            '关联主表（父表）的表名，如：system_user',
          )}
          {selectField('子表关联的字段', 'subJoinColumnId', columnOptions, '子表关联的字段，如：user_id')}
          {formItem(
            '关联关系',
            'subJoinMany',
            required('关联关系'),
            <Radio.Group options={ONE_TO_MANY} />,
            '主表与子表的关联关系',
          )}
        </>
      )}
    </div>
  );
}
