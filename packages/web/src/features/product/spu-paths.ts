/** Addresses of the SPU pages (the list's menu path and the editor's routes in app/router/routes.tsx). */
export const SPU_LIST_PATH = '/mall/product/spu';
export const SPU_ADD_PATH = '/spu/add';
export const spuEditPath = (id: number) => `/spu/edit/${id}`;
