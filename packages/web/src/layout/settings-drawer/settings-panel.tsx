import { BgColorsOutlined, CheckOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Divider, Drawer, Space, Switch, Tooltip } from 'antd';
import { useId } from 'react';
import { useLayoutSettings } from '../../shared/settings/layout-settings';
import type { LayoutSetting, SideTheme } from '../../shared/settings/layout-settings';
import { THEME_SWATCHES } from '../../shared/ui/theme';
import { useFeedback } from '../../shared/ui/light-app';
import { reloadPage } from './page-reload';
import {
  RESET_RELOAD_DELAY,
  RESETTING_TEXT,
  SAVE_FEEDBACK_DELAY,
  SAVED_TEXT,
  SAVING_TEXT,
} from './settings-texts';

const SIDE_THEMES: { value: SideTheme; label: string }[] = [
  { value: 'theme-dark', label: '暗色侧边栏' },
  { value: 'theme-light', label: '亮色侧边栏' },
];

type SwitchKey = 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle' | 'darkMode';

const SWITCHES: { key: SwitchKey; label: string; hint?: string }[] = [
  { key: 'topNav', label: '开启 TopNav', hint: '顶部显示一级菜单，侧边栏显示其子菜单' },
  { key: 'tagsView', label: '开启 Tags-Views' },
  { key: 'fixedHeader', label: '固定 Header' },
  { key: 'sidebarLogo', label: '显示 Logo' },
  { key: 'dynamicTitle', label: '动态标题', hint: '浏览器标题显示为「页面标题 - 后台管理系统」' },
  { key: 'darkMode', label: '暗黑模式' },
];

function SettingSwitch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="app-setting-row">
      <span id={id} className="app-setting-label" title={hint}>
        {label}
      </span>
      <Switch size="small" checked={checked} onChange={onChange} aria-labelledby={id} />
    </div>
  );
}

/** The 8 theme colour swatches as a radio group. */
function ThemeSwatches({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const current = value.toLowerCase();
  return (
    <div className="app-theme-picker">
      <div role="radiogroup" aria-label="主题颜色" className="app-theme-swatches">
        {THEME_SWATCHES.map((color) => {
          const checked = color.toLowerCase() === current;
          return (
            <Tooltip key={color} title={color}>
              <button
                type="button"
                role="radio"
                aria-checked={checked}
                aria-label={`主题颜色 ${color}`}
                className={checked ? 'app-theme-swatch is-checked' : 'app-theme-swatch'}
                style={{ background: color }}
                onClick={() => onChange(color)}
              >
                {checked && <CheckOutlined aria-hidden />}
              </button>
            </Tooltip>
          );
        })}
      </div>
    </div>
  );
}

/** A picker for any other theme colour. */
function CustomColor({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <ColorPicker
      value={value}
      disabledAlpha
      format="hex"
      size="small"
      presets={[{ label: '推荐', colors: [...THEME_SWATCHES] }]}
      onChangeComplete={(color) => onChange(color.toHexString())}
    >
      <Button size="small" aria-label="自定义主题颜色" icon={<BgColorsOutlined />}>
        自定义
      </Button>
    </ColorPicker>
  );
}

export interface SettingsPanelProps {
  clickNotClose: boolean;
}

/**
 * The drawer: theme colour, side theme, top nav, tags view, fixed header, logo, dynamic title and
 * dark mode. Changes apply at once; 保存配置 keeps them under `layout-setting`, 重置配置 clears that
 * record and reloads.
 */
export default function SettingsPanel({ clickNotClose }: SettingsPanelProps) {
  const { message } = useFeedback();
  const open = useLayoutSettings((state) => state.settingsOpen);
  const setOpen = useLayoutSettings((state) => state.setSettingsOpen);
  const setting = useLayoutSettings((state) => state.setting);
  const updateSetting = useLayoutSettings((state) => state.updateSetting);
  const saveSetting = useLayoutSettings((state) => state.saveSetting);
  const resetSetting = useLayoutSettings((state) => state.resetSetting);

  const update = (patch: Partial<LayoutSetting>) => updateSetting(patch);

  const save = () => {
    const key = 'layout-setting-save';
    void message.open({ key, type: 'loading', content: SAVING_TEXT, duration: 0 });
    saveSetting();
    window.setTimeout(
      () => void message.open({ key, type: 'success', content: SAVED_TEXT }),
      SAVE_FEEDBACK_DELAY,
    );
  };

  const reset = () => {
    void message.open({ type: 'loading', content: RESETTING_TEXT, duration: 0 });
    resetSetting();
    window.setTimeout(reloadPage, RESET_RELOAD_DELAY);
  };

  return (
    <Drawer
      title="布局设置"
      placement="right"
      size={300}
      open={open}
      onClose={() => setOpen(false)}
      mask={clickNotClose ? false : { closable: true }}
      className="app-settings-drawer"
      footer={
        <Space>
          <Button type="primary" icon={<SaveOutlined />} onClick={save}>
            保存配置
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset}>
            重置配置
          </Button>
        </Space>
      }
    >
      <section aria-labelledby="app-setting-style">
        <h3 id="app-setting-style" className="app-setting-heading">
          主题风格设置
        </h3>
        <div role="radiogroup" aria-label="侧边栏主题" className="app-side-themes">
          {SIDE_THEMES.map(({ value, label }) => {
            const checked = setting.sideTheme === value;
            return (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={checked}
                aria-label={label}
                title={label}
                className={`app-side-theme ${value}${checked ? ' is-checked' : ''}`}
                onClick={() => update({ sideTheme: value })}
              >
                <span className="app-side-theme-aside" />
                <span className="app-side-theme-head" />
                {checked && <CheckOutlined className="app-side-theme-check" aria-hidden />}
              </button>
            );
          })}
        </div>
        <div className="app-setting-row">
          <span className="app-setting-label">主题颜色</span>
          <CustomColor value={setting.theme} onChange={(theme) => update({ theme })} />
        </div>
        <ThemeSwatches value={setting.theme} onChange={(theme) => update({ theme })} />
      </section>
      <Divider />
      <section aria-labelledby="app-setting-layout">
        <h3 id="app-setting-layout" className="app-setting-heading">
          系统布局配置
        </h3>
        {SWITCHES.map(({ key, label, hint }) => (
          <SettingSwitch
            key={key}
            label={label}
            hint={hint}
            checked={setting[key]}
            onChange={(checked) => update({ [key]: checked })}
          />
        ))}
      </section>
    </Drawer>
  );
}
