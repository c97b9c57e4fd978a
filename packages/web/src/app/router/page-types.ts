import type { ComponentType } from 'react';

/* A leaf module: the page map (which the lazily loaded signed-in area reads) names these types without
   importing the route builder, which would close an import cycle. */

export interface PageModule {
  default: ComponentType;
}
export type PageLoader = () => Promise<PageModule>;
/** Lazy page loaders keyed by component path ('system/user/index'). */
export type PageMap = Record<string, PageLoader>;
