export { IframeView, IFRAME_LOADING_TEXT, IFRAME_OFFSET, useIframeHeight } from './iframe-view';
export type { IframeViewProps } from './iframe-view';
export { default as IframeRoutePage } from './iframe-view';
