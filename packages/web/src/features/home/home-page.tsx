import { ExportOutlined, RightOutlined } from '@ant-design/icons';
import { ALL_PERMISSION } from '@app/contract';
import type { MenuNode } from '@app/contract';
import { Avatar } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import defaultAvatar from '../../assets/default-avatar.svg';
import { MenuIcon } from '../../shared/menu/menu-icons';
import { getLoginTime } from '../../shared/auth/storage';
import { APP_TITLE } from '../../shared/config';
import { countVisiblePages, isExternalLink, menuTarget } from '../../shared/menu';
import { loadQueryClient } from '../../shared/query/query-client-slot';
import { useSessionStore } from '../../shared/session';
import { LazyEmpty } from '../../shared/ui/lazy-empty';
import { LightCard } from '../../shared/ui/light-card';
import { SpinDots } from '../../shared/ui/spin-dots';
import { Text, Title } from '../../shared/ui/light-typography';
import { formatDateTime, greetingFor } from './home-format';
import { HomeStatistics } from './home-statistics';
import './home-page.css';

export { formatDateTime, greetingFor } from './home-format';

// The first screen (welcome, quick links) needs no query cache; the work waiting loads with it.
const HomeWork = lazy(() =>
  Promise.all([import('./home-work'), loadQueryClient()]).then(([module]) => ({ default: module.HomeWork })),
);

function QuickLink({ menu }: { menu: MenuNode }) {
  const target = menuTarget(menu);
  const pages = countVisiblePages(menu);
  const body = (
    <>
      <span className="home-quick-icon">
        <MenuIcon name={menu.icon} />
      </span>
      <span className="home-quick-text">
        <span className="home-quick-title">{menu.name}</span>
        <span className="home-quick-desc">{pages} 个功能页面</span>
      </span>
      {isExternalLink(target) ? <ExportOutlined aria-hidden /> : <RightOutlined aria-hidden />}
    </>
  );
  if (!target) return null;
  return isExternalLink(target) ? (
    <a className="home-quick-link" href={target} target="_blank" rel="noopener noreferrer">
      {body}
    </a>
  ) : (
    <Link className="home-quick-link" to={target}>
      {body}
    </Link>
  );
}

/**
 * /index, the operator's workplace: welcome, the work waiting (to-do tasks, running processes, unread
 * messages), quick links to the user's own menus and, for those allowed, the last 7 days in charts.
 */
export function HomePage() {
  const user = useSessionStore((state) => state.user);
  const roles = useSessionStore((state) => state.roles);
  const permissions = useSessionStore((state) => state.permissions);
  const menus = useSessionStore((state) => state.menus);
  const loadedAt = useSessionStore((state) => state.loadedAt);

  // Without a recorded time (as dayjs() did): the moment the page first showed.
  const [shownAt] = useState(() => Date.now());
  const signedInAt = new Date(getLoginTime() ?? loadedAt ?? shownAt);
  const nickname = user?.nickname || '用户';
  const topMenus = menus.filter((menu) => menu.visible && menuTarget(menu));
  const allPermissions = permissions.includes(ALL_PERMISSION);

  return (
    <div className="home-page">
      <LightCard className="home-welcome" variant="borderless">
        <div className="home-welcome-main">
          <Avatar size={64} src={user?.avatar || defaultAvatar} alt="" />
          <div>
            <Title level={3} className="home-greeting">
              {greetingFor(signedInAt.getHours())}，{nickname}！
            </Title>
            <Text type="secondary">欢迎使用{APP_TITLE}，祝您工作顺利。</Text>
          </div>
        </div>
        {/* Plain markup for the first screen: antd's Descriptions, Tag and grid add about 7 KB gzip. */}
        <dl className="home-profile">
          <div>
            <dt>我的角色</dt>
            <dd className="home-roles">
              {roles.map((role) => (
                <span key={role} className="home-role">
                  {role}
                </span>
              ))}
            </dd>
          </div>
          <div>
            <dt>登录时间</dt>
            <dd>{formatDateTime(signedInAt)}</dd>
          </div>
          <div>
            <dt>可用模块</dt>
            <dd>{topMenus.length} 个</dd>
          </div>
          <div>
            <dt>操作权限</dt>
            <dd>{allPermissions ? '全部权限' : `${permissions.length} 项`}</dd>
          </div>
        </dl>
      </LightCard>

      <Suspense
        fallback={
          <p className="home-list-note" aria-busy="true">
            <SpinDots /> 加载中…
          </p>
        }
      >
        <HomeWork />
      </Suspense>

      <LightCard title="快捷入口" className="home-quick" variant="borderless">
        {topMenus.length > 0 ? (
          <div className="home-quick-grid">
            {topMenus.map((menu) => (
              <QuickLink key={menu.id} menu={menu} />
            ))}
          </div>
        ) : (
          <LazyEmpty description="暂无可访问的功能模块，请联系管理员分配菜单权限" />
        )}
      </LightCard>

      <HomeStatistics />
    </div>
  );
}

export default HomePage;
