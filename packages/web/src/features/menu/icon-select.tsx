import { Select, Space } from 'antd';
import { MENU_ICON_NAMES, MenuIcon } from '../../shared/menu/menu-icons';

export interface IconSelectProps {
  value?: string;
  onChange?: (icon: string) => void;
}

/** Picks a menu icon among the icons the console ships, showing each one next to its name. */
export function IconSelect({ value, onChange }: IconSelectProps) {
  return (
    <Select
      aria-label="菜单图标"
      allowClear
      showSearch
      placeholder="点击选择图标"
      value={value || undefined}
      onChange={(icon?: string) => onChange?.(icon ?? '')}
      options={MENU_ICON_NAMES.map((name) => ({ value: name, label: name }))}
      optionRender={(option) => (
        <Space>
          <MenuIcon name={String(option.value)} />
          {option.label}
        </Space>
      )}
      labelRender={(option) => (
        <Space>
          <MenuIcon name={String(option.value)} />
          {option.label}
        </Space>
      )}
    />
  );
}
