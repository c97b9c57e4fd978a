import { describe, expect, it } from 'vitest';
import { localize, translate } from './form-js-zh';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('translate', () => {
  it('knows the fixed texts and the field type names', () => {
    expect(translate('Required')).toBe('必填');
    expect(translate('  Field label ')).toBe('标签');
    expect(translate('Form')).toBe('表单');
    expect(translate('Field is required.')).toBe('此项为必填项');
  });

  it('fills texts with varying parts', () => {
    expect(translate('Create a 单行文本 element')).toBe('添加「单行文本」');
    expect(translate('Remove 开关')).toBe('删除「开关」');
    expect(translate('Field must have maximum length of 20.')).toBe('长度不能超过 20 个字符');
    expect(translate('Value is expected to have at most 2 decimal digits.')).toBe('最多 2 位小数');
  });

  it('leaves unknown and Chinese texts alone', () => {
    expect(translate('请假原因')).toBeUndefined();
    expect(translate('Something else')).toBeUndefined();
    expect(translate('   ')).toBeUndefined();
  });
});

describe('localize', () => {
  it('translates texts and attributes now and after re-renders, but never what the user typed', async () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<span class="group">Validation</span><input placeholder="Search components">' +
      '<label class="fjs-form-field-label">Required</label>';
    document.body.appendChild(root);
    const stop = localize(root);
    expect(root.querySelector('.group')!.textContent).toBe('校验规则');
    expect(root.querySelector('input')!.getAttribute('placeholder')).toBe('搜索组件');
    expect(root.querySelector('label')!.textContent).toBe('Required');

    const added = document.createElement('button');
    added.title = 'Delete item';
    added.textContent = 'Create';
    root.appendChild(added);
    (root.querySelector('.group')!.firstChild as Text).data = 'Layout';
    await settle();
    expect(added.title).toBe('删除');
    expect(added.textContent).toBe('新增');
    expect(root.querySelector('.group')!.textContent).toBe('布局');

    stop();
    (root.querySelector('.group')!.firstChild as Text).data = 'General';
    await settle();
    expect(root.querySelector('.group')!.textContent).toBe('General');
    root.remove();
  });
});
