import 'nprogress/nprogress.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './global.css';
import { createAppRouter } from './router';

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('找不到挂载节点 #root');

// No providers here: antd wraps the signed-in layout and the error pages (AntdProvider), the query
// cache the layout, so the login page downloads neither.
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
