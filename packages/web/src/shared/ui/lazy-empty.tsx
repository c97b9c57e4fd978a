import { lazy, Suspense } from 'react';

const AntdEmpty = lazy(() => import('./antd-empty'));

/**
 * antd's Empty for places that rarely show it (no menus at all): it loads when it is first shown
 * instead of with the first screen.
 */
export function LazyEmpty({ simple = false, description }: { simple?: boolean; description: string }) {
  return (
    <Suspense fallback={null}>
      <AntdEmpty simple={simple} description={description} />
    </Suspense>
  );
}
