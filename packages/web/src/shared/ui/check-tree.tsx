import { Checkbox, Empty, Spin, Tree } from 'antd';
import type { Key } from 'react';
import { useMemo, useState } from 'react';
import { allKeys, linkedCheckedKeys, type CheckTreeNode } from '../tree/check-tree-nodes';
import './check-tree.css';

export interface CheckTreeProps {
  nodes: CheckTreeNode[];
  /** Every held id, parents included (a form field's value, so it may start unset). */
  value?: number[];
  onChange?: (ids: number[]) => void;
  loading?: boolean;
  /** Names the tree for screen readers, e.g. 菜单权限. */
  label: string;
}

const NONE: number[] = [];
const ignore = () => {};

/**
 * A checkable tree with the reference's three switches: 展开/折叠, 全选/全不选 and 父子联动. With
 * linkage on, checking a parent checks its subtree and half-checked parents count as held.
 */
export function CheckTree({ nodes, value = NONE, onChange = ignore, loading, label }: CheckTreeProps) {
  const every = useMemo(() => allKeys(nodes), [nodes]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [linked, setLinked] = useState(true);
  const held = useMemo(() => new Set(value), [value]);

  return (
    <div>
      <div className="check-tree-tools">
        <Checkbox
          checked={expanded.length > 0 && expanded.length >= every.length}
          onChange={(e) => setExpanded(e.target.checked ? every : [])}
        >
          展开/折叠
        </Checkbox>
        <Checkbox
          checked={every.length > 0 && every.every((k) => held.has(k))}
          onChange={(e) => onChange(e.target.checked ? every : [])}
        >
          全选/全不选
        </Checkbox>
        <Checkbox checked={linked} onChange={(e) => setLinked(e.target.checked)}>
          父子联动
        </Checkbox>
      </div>
      <div className="check-tree" role="group" aria-label={label}>
        <Spin spinning={loading ?? false}>
          {nodes.length === 0 && !loading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
          ) : (
            <Tree<CheckTreeNode>
              checkable
              selectable={false}
              checkStrictly={!linked}
              treeData={nodes}
              expandedKeys={expanded}
              onExpand={setExpanded}
              checkedKeys={linked ? linkedCheckedKeys(nodes, held) : { checked: value, halfChecked: [] }}
              onCheck={(checked, info) => {
                if (Array.isArray(checked))
                  onChange([...checked, ...(info.halfCheckedKeys ?? [])].map(Number));
                else onChange(checked.checked.map(Number));
              }}
            />
          )}
        </Spin>
      </div>
    </div>
  );
}
