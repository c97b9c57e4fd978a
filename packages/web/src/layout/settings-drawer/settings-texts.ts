/** Texts of the save and reset feedback (spec section 8). */
export const SAVING_TEXT = '正在保存到本地，请稍候...';
export const SAVED_TEXT = '保存成功';
export const RESETTING_TEXT = '正在清除设置缓存并刷新，请稍候...';
/** The reset reloads the page after this delay (ms). */
export const RESET_RELOAD_DELAY = 1000;
/** How long the saving message stays before the success message replaces it (ms). */
export const SAVE_FEEDBACK_DELAY = 600;
/** Top of the floating handle button (spec section 9: right panel button top 250). */
export const HANDLE_TOP = 250;
