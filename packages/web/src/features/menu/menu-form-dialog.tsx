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
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, InputNumber, Modal, Radio, Row, Spin, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo } from 'react';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { IconSelect } from './icon-select';
import { nest } from './menu-tree';

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

/** What the dialog edits: an existing menu, or a new one below `parentId` (0 = top level). */
export type MenuFormTarget = { id: number } | { parentId: number };

export interface MenuFormDialogProps {
  target: MenuFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

interface ParentOption {
  value: number;
  title: string;
  children?: ParentOption[];
}

/** 添加菜单 / 修改菜单: the fields follow the type (目录, 菜单, 按钮) as in the reference. */
export function MenuFormDialog({ target, onClose, onSaved }: MenuFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<MenuFormValues>();
  const open = target !== null;
  const editId = target && 'id' in target ? target.id : null;
  const type = Form.useWatch('type', form) ?? MENU_TYPE.DIR;
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS);
  const typeOptions = useDictOptions(DICT_TYPE.SYSTEM_MENU_TYPE);

  const menu = useQuery({
    queryKey: ['menu', 'get', editId],
    queryFn: () => request(menuGet, { query: { id: editId! } }),
    enabled: editId !== null,
    staleTime: 0,
  });
  const simple = useQuery({
    queryKey: ['menu', 'simple-list'],
    queryFn: () => request(menuSimpleList),
    enabled: open,
    staleTime: 0,
  });
  const parents = useMemo<ParentOption[]>(() => {
    const toOption = (m: { id: number; name: string; children?: unknown[] }): ParentOption => ({
      value: m.id,
      title: m.name,
      ...(m.children ? { children: (m.children as (typeof m)[]).map(toOption) } : {}),
    });
    const folders = (simple.data ?? []).filter((m) => m.type !== MENU_TYPE.BUTTON && m.id !== editId);
    return [{ value: 0, title: '主类目', children: nest(folders).map(toOption) }];
  }, [simple.data, editId]);

  useEffect(() => {
    if (!target) return;
    if ('parentId' in target) form.setFieldsValue({ ...DEFAULTS, parentId: target.parentId });
    else if (menu.data)
      form.setFieldsValue({
        ...menu.data,
        type: menu.data.type as MenuFormValues['type'],
        status: menu.data.status as MenuFormValues['status'],
        component: menu.data.component ?? '',
        componentName: menu.data.componentName ?? '',
      });
  }, [target, menu.data, form]);

  const save = useMutation({
    mutationFn: async (values: MenuFormValues): Promise<unknown> =>
      editId !== null
        ? request(menuUpdate, { body: { ...values, id: editId } })
        : request(menuCreate, { body: values }),
  });
  const onOk = async () => {
    const values = await form.validateFields();
    await save.mutateAsync({ ...DEFAULTS, ...values });
    void message.success(editId !== null ? '修改成功' : '新增成功');
    onSaved();
  };

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
    <Modal
      title={editId !== null ? '修改菜单' : '添加菜单'}
      open={open}
      width={DIALOG_WIDTH_MEDIUM + 80}
      onCancel={onClose}
      onOk={() => void onOk().catch(() => {})}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
      forceRender
    >
      <Spin spinning={editId !== null && menu.isLoading}>
        <Form<MenuFormValues> form={form} name="menu-form" labelCol={{ flex: '100px' }} preserve={false}>
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item
                label="上级菜单"
                name="parentId"
                rules={[{ required: true, message: '上级菜单不能为空' }]}
              >
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
                <Radio.Group options={typeOptions.map((d) => ({ label: d.label, value: Number(d.value) }))} />
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
              <Form.Item
                label="菜单名称"
                name="name"
                rules={[
                  { required: true, whitespace: true, message: '菜单名称不能为空' },
                  { max: 50, message: '菜单名称长度不能超过 50 个字符' },
                ]}
              >
                <Input placeholder="请输入菜单名称" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="显示排序"
                name="sort"
                rules={[{ required: true, message: '显示排序不能为空' }]}
              >
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
                  rules={[{ max: 100, message: '权限标识长度不能超过 100 个字符' }]}
                >
                  <Input placeholder="请输入权限标识" />
                </Form.Item>
              </Col>
            )}
            <Col span={12}>
              <Form.Item label="菜单状态" name="status">
                <Radio.Group
                  options={statusOptions.map((d) => ({ label: d.label, value: Number(d.value) }))}
                />
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
        </Form>
      </Spin>
    </Modal>
  );
}
