import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space, Typography } from 'antd';

interface PairListProps<K extends string> {
  title: string;
  /** The two keys of each row and their labels, e.g. [['id', '编号'], ['name', '名称']]. */
  columns: readonly [readonly [K, string], readonly [K, string]];
  rows: readonly Record<K, string>[];
  onChange: (rows: Record<K, string>[]) => void;
}

/** An editable list of two-field rows inside a dialog draft (enum values, constraints, properties). */
export function PairList<K extends string>({ title, columns, rows, onChange }: PairListProps<K>) {
  const empty = Object.fromEntries(columns.map(([key]) => [key, ''])) as Record<K, string>;
  const edit = (index: number, key: K, value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <div style={{ marginBottom: 12 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 4 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={`添加${title}`}
          onClick={() => onChange([...rows, { ...empty }])}
        />
      </Space>
      <div style={{ maxHeight: 240, overflowY: 'auto' }}>
        {rows.map((row, index) => (
          <Space.Compact key={index} block style={{ marginBottom: 4 }}>
            {columns.map(([key, label]) => (
              <Input
                key={key}
                aria-label={`${title}${label} ${index + 1}`}
                placeholder={label}
                value={row[key]}
                onChange={(e) => edit(index, key, e.target.value)}
              />
            ))}
            <Button
              aria-label={`移除${title} ${index + 1}`}
              icon={<DeleteOutlined />}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            />
          </Space.Compact>
        ))}
      </div>
    </div>
  );
}
