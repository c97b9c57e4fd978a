/** The list of imported tables (the menu's page), where the edit page returns. */
export const CODEGEN_LIST_PATH = '/infra/codegen';

/** The page where 编辑 opens a table's generation settings. */
export const codegenEditPath = (tableId: number) => `/codegen/edit/${tableId}`;
