import { Button, Result, Typography } from 'antd';
import { useMatches, useNavigate } from 'react-router';
import { HOME_PATH } from '../../shared/config';
import { getRouteMeta } from '../../shared/menu';

export interface MissingPageProps {
  /** Menu title of the route. */
  title: string;
  /** The component path the server menu asks for ('' when none is configured). */
  component: string;
}

/** Shown for a server menu whose page is not part of this build, instead of crashing. */
export function MissingPage({ title, component }: MissingPageProps) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title="页面不存在"
      subTitle={
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          菜单「{title}」对应的页面组件
          {component ? <Typography.Text code>{component}</Typography.Text> : '（菜单未配置组件路径）'}
          在当前版本中不存在。请检查菜单配置中的组件路径，或联系管理员。
        </Typography.Paragraph>
      }
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}

/** Route component: reads the menu title and component path from the matched route's meta. */
export default function MissingRoutePage() {
  const meta = getRouteMeta(useMatches().at(-1)?.handle);
  return <MissingPage title={meta?.title ?? ''} component={meta?.component ?? ''} />;
}
