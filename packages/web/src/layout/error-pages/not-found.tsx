import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../shared/config';
import { AntdProvider } from '../../shared/ui/antd-provider';
import './error-pages.css';

/** /404: the address matches no page. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <AntdProvider>
      <main className="error-page">
        <Result
          status="404"
          title="404"
          subTitle="抱歉，您访问的页面不存在，请检查地址是否正确。"
          extra={
            <Button type="primary" onClick={() => navigate(HOME_PATH)}>
              返回首页
            </Button>
          }
        />
      </main>
    </AntdProvider>
  );
}

export default NotFoundPage;
