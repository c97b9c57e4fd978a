import { Empty } from 'antd';

/** antd's Empty, in its own chunk for `LazyEmpty`. */
export default function AntdEmpty({ simple, description }: { simple?: boolean; description: string }) {
  return <Empty image={simple ? Empty.PRESENTED_IMAGE_SIMPLE : undefined} description={description} />;
}
