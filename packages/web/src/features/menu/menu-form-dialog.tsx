import {
  DICT_TYPE,
  isExternalLink,
  MENU_TYPE,
  menuCreate,
  menuGet,
  menuSimpleList,
  menuUpdate,
} from '@app/contract';
import type { MenuCreateReq } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Radio, Row, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { DictRadio, FormDialog, maxLength, queryKey, required, requiredText } from '../../shared/crud';
import type { FormDialogControl } from '../../shared/crud';
import { request } from '../../shared/request';
import { buildTree } from '../../shared/tree/build-tree';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { IconSelect } from './icon-select';

type MenuFormValues = Required<Omit<MenuCreateReq, 'type' | 'status'>> & { type: 1 | 2 | 3; status: 0 | 1 };

const DEFAULTS: Omit<MenuFormValues, 'parentId'> = {
  name: '',
  permission: '',
  type: MENU_TYPE.DIR,
  sort: 0,
  path: '',
  icon: '',
  component: '',
  componentName: '',
  status: 0,
  visible: true,
  keepAlive: true,
  alwaysShow: true,
};

interface ParentOption {
  value: number;
  title: string;
  children?: ParentOption[];
}

/** 添加菜单 / 修改菜单: the fields follow the type (目录, 菜单, 按钮) as in the reference. */
export function MenuFormDialog({ control, parentId }: { control: FormDialogControl; parentId: number }) {
  const editId = control.target?.mode === 'update' ? control.target.id : null;
  const simple = useQuery({
    queryKey: queryKey(menuSimpleList),
    queryFn: () => request(menuSimpleList),
    enabled: control.target !== null,
    staleTime: 0,
  });
  const parents = useMemo<ParentOption[]>(() => {
    const toOption = (m: { id: number; name: string; children?: unknown[] }): ParentOption => ({
      value: m.id,
      title: m.name,
      ...(m.children ? { children: (m.children as (typeof m)[]).map(toOption) } : {}),
    });
    const folders = (simple.data ?? []).filter((m) => m.type !== MENU_TYPE.BUTTON && m.id !== editId);
    return [{ value: 0, title: '主类目', children: buildTree(folders).map(toOption) }];
  }, [simple.data, editId]);

  return (
    <FormDialog
      control={control}
      entity="菜单"
      name="menu-form"
      get={menuGet}
      create={menuCreate}
      update={menuUpdate}
      width={DIALOG_WIDTH_MEDIUM + 80}
      labelWidth={100}
      initialValues={{ ...DEFAULTS, parentId }}
      toForm={(menu) => ({
        ...menu,
        component: menu.component ?? '',
        componentName: menu.componentName ?? '',
      })}
      // The fields the type hides travel with their defaults.
      toBody={(values) => ({ ...DEFAULTS, ...values })}
    >
      <MenuFields parents={parents} />
    </FormDialog>
  );
}

function MenuFields({ parents }: { parents: ParentOption[] }) {
  const type = (Form.useWatch<number | undefined>('type') ?? MENU_TYPE.DIR) as number;
  const pathRules: Rule[] = [
    { required: true, whitespace: true, message: '路由地址不能为空' },
    ({ getFieldValue }) => ({
      validator: async (_, value?: string) => {
        if (!value || isExternalLink(value)) return;
        const topLevel = getFieldValue('parentId') === 0;
        if (topLevel && !value.startsWith('/')) throw new Error('一级目录或菜单的路由地址必须以 / 开头');
        if (!topLevel && value.startsWith('/')) throw new Error('下级目录或菜单的路由地址不能以 / 开头');
      },
    }),
  ];
  const yesNo = (yes: string, no: string) => [
    { label: yes, value: true },
    { label: no, value: false },
  ];

  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item label="上级菜单" name="parentId" rules={required('上级菜单')}>
          <TreeSelect
            treeData={parents}
            treeDefaultExpandedKeys={[0]}
            showSearch
            treeNodeFilterProp="title"
            placeholder="选择上级菜单"
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="菜单类型" name="type">
          <DictRadio dictType={DICT_TYPE.SYSTEM_MENU_TYPE} />
        </Form.Item>
      </Col>
      {type !== MENU_TYPE.BUTTON && (
        <Col span={24}>
          <Form.Item label="菜单图标" name="icon">
            <IconSelect />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item label="菜单名称" name="name" rules={requiredText('菜单名称', 50)}>
          <Input placeholder="请输入菜单名称" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="显示排序" name="sort" rules={required('显示排序')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      {type !== MENU_TYPE.BUTTON && (
        <Col span={12}>
          <Form.Item
            label="路由地址"
            name="path"
            tooltip="访问的路由地址，如：user。外网地址以 http(s):// 开头，会在新标签页打开"
            rules={pathRules}
          >
            <Input placeholder="请输入路由地址" />
          </Form.Item>
        </Col>
      )}
      {type === MENU_TYPE.MENU && (
        <Col span={12}>
          <Form.Item label="组件地址" name="component" tooltip="页面组件的路径，如：system/user/index">
            <Input placeholder="例如说：system/user/index" />
          </Form.Item>
        </Col>
      )}
      {type === MENU_TYPE.MENU && (
        <Col span={12}>
          <Form.Item label="组件名字" name="componentName" tooltip="页面缓存用的名字，如：SystemUser">
            <Input placeholder="例如说：SystemUser" />
          </Form.Item>
        </Col>
      )}
      {type !== MENU_TYPE.DIR && (
        <Col span={12}>
          <Form.Item
            label="权限标识"
            name="permission"
            tooltip="权限字符，如：system:user:list"
            rules={maxLength('权限标识', 100)}
          >
            <Input placeholder="请输入权限标识" />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item label="菜单状态" name="status">
          <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
        </Form.Item>
      </Col>
      {type !== MENU_TYPE.BUTTON && (
        <Col span={12}>
          <Form.Item label="显示状态" name="visible" tooltip="隐藏时路由仍可访问，但不出现在侧边栏">
            <Radio.Group options={yesNo('显示', '隐藏')} />
          </Form.Item>
        </Col>
      )}
      {type !== MENU_TYPE.BUTTON && (
        <Col span={12}>
          <Form.Item
            label="总是显示"
            name="alwaysShow"
            tooltip="不是时，只有一个子菜单的目录直接显示该子菜单"
          >
            <Radio.Group options={yesNo('总是', '不是')} />
          </Form.Item>
        </Col>
      )}
      {type === MENU_TYPE.MENU && (
        <Col span={12}>
          <Form.Item label="缓存状态" name="keepAlive" tooltip="缓存时，切换标签页后页面保留原来的状态">
            <Radio.Group options={yesNo('缓存', '不缓存')} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
