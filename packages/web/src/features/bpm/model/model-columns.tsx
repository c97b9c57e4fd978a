import { ApartmentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { TableColumnType } from 'antd';
import { FormInfo, type FormBinding } from './form-info';

/** The name column of the model and definition lists: the name opens the process diagram. */
export const diagramNameColumn = <T extends { name: string }>(
  title: string,
  openDiagram: (row: T) => void,
): TableColumnType<T> => ({
  title,
  dataIndex: 'name',
  width: 160,
  align: 'center',
  render: (name: string, row) => (
    <Button type="link" size="small" icon={<ApartmentOutlined />} onClick={() => openDiagram(row)}>
      {name}
    </Button>
  ),
});

/** 表单信息: the bound form, whose name previews it. */
export const formInfoColumn = <T extends FormBinding>(preview: (row: T) => void): TableColumnType<T> => ({
  title: '表单信息',
  key: 'form',
  width: 160,
  align: 'center',
  render: (_: unknown, row) => <FormInfo binding={row} onPreview={() => preview(row)} />,
});
