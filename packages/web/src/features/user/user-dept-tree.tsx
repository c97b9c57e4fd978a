import { SearchOutlined } from '@ant-design/icons';
import { deptSimpleList } from '@app/contract';
import type { DeptSimple } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { Input, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { queryKey } from '../../shared/crud';
import { request } from '../../shared/request';
import { buildTree } from '../../shared/tree/build-tree';
import type { TreeNode } from '../../shared/tree/build-tree';

export interface DeptOption {
  key: number;
  value: number;
  title: string;
  children?: DeptOption[];
}

const toOptions = (nodes: TreeNode<DeptSimple>[]): DeptOption[] =>
  nodes.map((n) => ({
    key: n.id,
    value: n.id,
    title: n.name,
    ...(n.children ? { children: toOptions(n.children) } : {}),
  }));

/** The tree cut down to departments whose name contains `text` (and their ancestors). */
const filterTree = (nodes: DeptOption[], text: string): DeptOption[] =>
  nodes.flatMap((n) => {
    const children = n.children ? filterTree(n.children, text) : [];
    if (n.title.includes(text) || children.length > 0)
      return [{ ...n, ...(children.length > 0 ? { children } : {}) }];
    return [];
  });

/** The departments as tree options (for the tree and the 归属部门 select). */
export function useDeptOptions() {
  const depts = useQuery({ queryKey: queryKey(deptSimpleList), queryFn: () => request(deptSimpleList) });
  const options = useMemo(() => toOptions(buildTree(depts.data ?? [])), [depts.data]);
  return { options, loadedAt: depts.dataUpdatedAt };
}

/** The department tree beside the user list: choosing a department filters the list. */
export function UserDeptTree({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (deptId: number | null) => void;
}) {
  const { options, loadedAt } = useDeptOptions();
  const [text, setText] = useState('');
  const shown = useMemo(() => (text.trim() ? filterTree(options, text.trim()) : options), [options, text]);
  return (
    <aside className="user-dept-panel" aria-label="部门">
      <Input
        allowClear
        placeholder="请输入部门名称"
        prefix={<SearchOutlined />}
        value={text}
        onChange={(e) => setText(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      <Tree<DeptOption>
        blockNode
        defaultExpandAll
        key={`${loadedAt}-${text}`}
        treeData={shown}
        selectedKeys={value === null ? [] : [value]}
        onSelect={(keys) => onChange(keys.length > 0 ? Number(keys[0]) : null)}
      />
    </aside>
  );
}
