/** antd's Dropdown on its own, for `useLazyDropdown`'s chunk. */
export { Dropdown } from 'antd';
