/**
 * The route module the menu builder loads for external-link menus; the embedded frame itself is
 * the iframe view's (`layout/iframe-view`).
 */
export { IframeView as ExternalLinkPage, default } from '../iframe-view/iframe-view';
export type { IframeViewProps as ExternalLinkPageProps } from '../iframe-view/iframe-view';
