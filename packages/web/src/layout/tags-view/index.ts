export { TagsStrip, TagsView, revealTab, TAG_SCROLL_MARGIN } from './tags-view';
export { TagsMenu, TAGS_MENU_WIDTH, menuItemsFor } from './tags-menu';
export type { TagsMenuAction } from './tags-menu';
export * from './tags-model';
export { useTagsStore } from './tags-store';
export { useTabs } from './use-tabs';
export type { TabsApi } from './use-tabs';
export { LEAVE_QUESTION, useUnsavedChanges } from './unsaved-changes';
