import { CheckOutlined, FontSizeOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { IconButton } from '../../shared/ui/icon-button';
import { UI_SIZES, useLayoutSettings } from '../../shared/settings/layout-settings';
import type { UiSize } from '../../shared/settings/layout-settings';
import { useFeedback } from '../../shared/ui/light-app';
import { useLazyDropdown } from '../../shared/ui/lazy-dropdown';

/** Labels of the four sizes, as the reference names them. */
export const SIZE_LABELS: Record<UiSize, string> = {
  default: 'Default',
  medium: 'Medium',
  small: 'Small',
  mini: 'Mini',
};

/** The success message after switching (spec section 4). */
export const SIZE_SWITCHED = 'Switch Size Success';

/**
 * Navbar size selector. Choosing a size applies it to every antd component (the provider reads it
 * from the store), lets the tags view drop its cached pages (it listens to `size`), reloads the
 * current page through /redirect/<path> and confirms with 'Switch Size Success'.
 */
export function SizeSelect() {
  const { message } = useFeedback();
  const size = useLayoutSettings((state) => state.size);
  const setSize = useLayoutSettings((state) => state.setSize);
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  // antd's Dropdown loads with the first click (see useLazyDropdown).
  const { Dropdown, open, setOpen, triggerRef, triggerProps } = useLazyDropdown<HTMLButtonElement>();

  const items: MenuProps['items'] = UI_SIZES.map((value) => ({
    key: value,
    label: SIZE_LABELS[value],
    disabled: value === size,
    icon: value === size ? <CheckOutlined aria-hidden /> : <span className="app-size-spacer" />,
  }));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const next = key as UiSize;
    if (next === size) return;
    setSize(next);
    navigate(`/redirect${pathname}${search}${hash}`, { replace: true });
    void message.success(SIZE_SWITCHED);
  };

  // The tooltip stays away while the menu is open (it would cover the first entries).
  const trigger = (
    <Tooltip title="布局大小" {...(open ? { open: false } : {})}>
      <IconButton
        ref={triggerRef}
        className="app-navbar-action"
        aria-label="布局大小"
        aria-haspopup="menu"
        icon={<FontSizeOutlined />}
        {...triggerProps}
      />
    </Tooltip>
  );
  return Dropdown ? (
    <Dropdown
      menu={{ items, onClick, selectable: true, selectedKeys: [size] }}
      trigger={['click']}
      placement="bottom"
      open={open}
      onOpenChange={setOpen}
    >
      {trigger}
    </Dropdown>
  ) : (
    trigger
  );
}
