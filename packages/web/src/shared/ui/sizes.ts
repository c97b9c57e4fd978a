/** Width of small dialogs (import / export, short forms) in px. */
export const DIALOG_WIDTH_SMALL = 400;

/** Width of regular form dialogs in px. */
export const DIALOG_WIDTH_MEDIUM = 600;

/** Maximum height of tables inside dialogs and panels in px (they scroll beyond it). */
export const TABLE_MAX_HEIGHT = 240;
