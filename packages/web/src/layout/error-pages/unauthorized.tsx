import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../shared/config';
import { AntdProvider } from '../../shared/ui/antd-provider';
import './error-pages.css';

/** /401: the user may not open the requested page. */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <AntdProvider>
      <main className="error-page">
        <Result
          status="403"
          title="401"
          subTitle="抱歉，您没有访问该页面的权限，如有需要请联系管理员。"
          extra={
            <Space>
              <Button onClick={() => navigate(-1)}>返回上一页</Button>
              <Button type="primary" onClick={() => navigate(HOME_PATH)}>
                返回首页
              </Button>
            </Space>
          }
        />
      </main>
    </AntdProvider>
  );
}

export default UnauthorizedPage;
