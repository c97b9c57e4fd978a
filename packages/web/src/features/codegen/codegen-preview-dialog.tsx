import { CopyOutlined } from '@ant-design/icons';
import { codegenPreview } from '@app/contract';
import type { CodegenTable } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Spin, Tree } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { queryKey } from '../../shared/crud';
import { request } from '../../shared/request';
import { buildFileTree } from './file-tree';

// highlight.js and its languages load with the first preview, never with the list.
const HighlightedCode = lazy(() => import('./highlighted-code'));

/** 代码预览: the generated files as a tree, and the chosen one's code to read or copy. */
export function CodegenPreviewDialog({
  table,
  onClose,
}: {
  table: CodegenTable | null;
  onClose: () => void;
}) {
  return (
    <Modal
      title="代码预览"
      open={table !== null}
      width="90%"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {table && <PreviewFiles tableId={table.id} />}
    </Modal>
  );
}

function PreviewFiles({ tableId }: { tableId: number }) {
  const { message } = App.useApp();
  const files = useQuery({
    queryKey: queryKey(codegenPreview, { tableId }),
    queryFn: () => request(codegenPreview, { query: { tableId } }),
    staleTime: 0,
  });
  const tree = useMemo(() => buildFileTree((files.data ?? []).map((file) => file.filePath)), [files.data]);
  const [chosen, setChosen] = useState<string>();

  if (files.isPending) return <Spin className="codegen-preview-loading" />;
  if (files.isError) return <Empty description="加载失败，请重试" />;
  const shown = files.data.find((file) => file.filePath === chosen) ?? files.data[0];
  if (!shown) return <Empty description="没有生成的文件" />;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.code);
      void message.success('复制成功');
    } catch {
      void message.error('复制失败，请选中代码手动复制');
    }
  };

  return (
    <div className="codegen-preview">
      <Tree.DirectoryTree
        className="codegen-preview-tree"
        aria-label="生成的文件"
        treeData={tree}
        defaultExpandAll
        selectedKeys={[shown.filePath]}
        onSelect={(_, { node }) => node.isLeaf && setChosen(String(node.key))}
      />
      <section className="codegen-preview-file" aria-label={shown.filePath}>
        <div className="codegen-preview-head">
          <span>{shown.filePath}</span>
          <Button type="link" icon={<CopyOutlined />} onClick={() => void copy()}>
            复制
          </Button>
        </div>
        <Suspense fallback={<pre className="codegen-code">{shown.code}</pre>}>
          <HighlightedCode filePath={shown.filePath} code={shown.code} />
        </Suspense>
      </section>
    </div>
  );
}
