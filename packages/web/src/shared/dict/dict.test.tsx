import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFeedback, ok, stubHttp } from '../../test/http-stub';
import { DictTag } from '../ui/dict-tag';
import { getDictLabel, getDictOptions, loadDicts, useDictStore } from './dict-store';

const items = [
  { dictType: 'common_status', value: '0', label: '开启', colorType: 'primary', cssClass: '' },
  { dictType: 'common_status', value: '1', label: '关闭', colorType: 'info', cssClass: 'is-off' },
  { dictType: 'system_user_sex', value: '1', label: '男', colorType: 'default', cssClass: '' },
  { dictType: 'pay_order_status', value: '10', label: '成功', colorType: 'success', cssClass: '' },
  { dictType: 'pay_order_status', value: '20', label: '关闭', colorType: 'danger', cssClass: '' },
  { dictType: 'pay_order_status', value: '30', label: '待处理', colorType: 'warning', cssClass: '' },
];

let stub: ReturnType<typeof stubHttp>;
beforeEach(() => {
  mockFeedback();
  stub = stubHttp(() => ok(items));
});
afterEach(() => {
  stub.restore();
  useDictStore.getState().reset();
});

describe('dictionary store', () => {
  it('loads once and groups the items by dictType', async () => {
    await Promise.all([loadDicts(), loadDicts()]);
    await loadDicts();
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0]!.path).toBe('/admin-api/system/dict-data/list-all-simple');
    expect(getDictOptions('common_status').map((d) => d.label)).toEqual(['开启', '关闭']);
    expect(getDictOptions('pay_order_status')).toHaveLength(3);
    expect(getDictOptions('unknown')).toEqual([]);
  });

  it('finds labels by value, comparing as strings', async () => {
    await loadDicts();
    expect(getDictLabel('common_status', 0)).toBe('开启');
    expect(getDictLabel('common_status', '1')).toBe('关闭');
    expect(getDictLabel('common_status', 9)).toBe('');
    expect(getDictLabel('common_status', null)).toBe('');
  });
});

describe('<DictTag>', () => {
  it('renders the label coloured by colorType, with cssClass', async () => {
    await loadDicts();
    const { container } = render(
      <>
        <DictTag type="common_status" value={0} />
        <DictTag type="common_status" value="1" />
        <DictTag type="system_user_sex" value={1} />
        <DictTag type="pay_order_status" value={10} />
        <DictTag type="pay_order_status" value={20} />
        <DictTag type="pay_order_status" value={30} />
        <DictTag type="pay_order_status" value={99} />
      </>,
    );
    const tag = (label: string, nth = 0) => screen.getAllByText(label)[nth]!.closest('.ant-tag')!;
    expect(tag('开启')).toHaveClass('ant-tag-processing');
    expect(tag('关闭', 0)).toHaveClass('ant-tag-default', 'is-off');
    expect(tag('男').className).not.toMatch(/ant-tag-(processing|success|error|warning)/);
    expect(tag('成功')).toHaveClass('ant-tag-success');
    expect(tag('关闭', 1)).toHaveClass('ant-tag-error');
    expect(tag('待处理')).toHaveClass('ant-tag-warning');
    expect(container.querySelectorAll('.ant-tag')).toHaveLength(6);
  });
});
