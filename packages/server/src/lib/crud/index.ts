// The shared building blocks of a CRUD module: paging, substring search, audit columns, Excel.
export * from './audit.js';
export * from './columns.js';
export * from './excel.js';
export * from './page.js';
export * from './search.js';
