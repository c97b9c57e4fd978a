/** Addresses of the order pages (the list's menu path and the detail's route in app/router/routes.tsx). */
export const ORDER_LIST_PATH = '/mall/trade/order';
export const ORDER_DETAIL_PATH = '/trade/order/detail';
export const orderDetailPath = (id: number) => `${ORDER_DETAIL_PATH}?id=${id}`;
