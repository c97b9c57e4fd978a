/** Addresses of the member pages (the list's menu path and the detail's route in app/router/routes.tsx). */
export const MEMBER_LIST_PATH = '/member/user';
export const memberDetailPath = (id: number) => `/member/user/detail/${id}`;
