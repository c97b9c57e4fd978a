import { homeStatisticsGet } from '@app/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useCan } from '../../shared/crud/use-can';
import { loadQueryClient } from '../../shared/query/query-client-slot';
import { LightCard } from '../../shared/ui/light-card';
import { SpinDots } from '../../shared/ui/spin-dots';

// The charts (ECharts and the statistics request) load when the section first scrolls into view.
const HomeCharts = lazy(() =>
  Promise.all([import('./home-charts'), loadQueryClient()]).then(([module]) => module),
);

/** True once the element has come within reach of the viewport (at once without IntersectionObserver). */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

/** 近 7 天: for holders of the statistics endpoint's permission only. */
export function HomeStatistics() {
  const allowed = useCan(homeStatisticsGet);
  const [ref, seen] = useSeen<HTMLDivElement>();
  if (!allowed) return null;
  return (
    <div ref={ref} className="home-statistics">
      <LightCard title="近 7 天" variant="borderless">
        {seen ? (
          <Suspense
            fallback={
              <p className="home-list-note" aria-busy="true">
                <SpinDots /> 加载中…
              </p>
            }
          >
            <HomeCharts />
          </Suspense>
        ) : (
          <div className="home-charts-placeholder" />
        )}
      </LightCard>
    </div>
  );
}
