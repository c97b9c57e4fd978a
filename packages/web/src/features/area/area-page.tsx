import { SearchOutlined } from '@ant-design/icons';
import { areaTree } from '@app/contract';
import type { AreaNode } from '@app/contract';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { ExpandAllButton, ListPage, useTreeList } from '../../shared/crud';
import { AreaIpDialog } from './area-ip-dialog';

const columns: TableColumnsType<AreaNode> = [
  { title: '编号', dataIndex: 'id', width: 240 },
  { title: '名字', dataIndex: 'name' },
];

/**
 * 地区管理 (menu component system/area/index): the regions of China (province, city, district, ids the
 * national codes) and the IP 查询 dialog. The tree arrives nested; each province is a root of the list.
 */
export function AreaPage() {
  const list = useTreeList(areaTree);
  const [ipOpen, setIpOpen] = useState(false);
  return (
    <ListPage
      list={list}
      columns={columns}
      actions={
        <>
          <Button type="primary" icon={<SearchOutlined />} onClick={() => setIpOpen(true)}>
            IP 查询
          </Button>
          <ExpandAllButton list={list} />
        </>
      }
      emptyText="暂无地区"
      table={{ expandable: list.expandable }}
    >
      <AreaIpDialog open={ipOpen} onClose={() => setIpOpen(false)} />
    </ListPage>
  );
}
