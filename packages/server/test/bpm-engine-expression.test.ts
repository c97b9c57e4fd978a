import { describe, expect, it } from 'vitest';
import {
  evaluateCondition,
  evaluateTemplate,
  ExpressionError,
  parseTemplate,
} from '../src/bpm/engine/index.js';

const vars = {
  days: 5,
  approved: true,
  rejected: false,
  name: '张三',
  amount: '12000',
  nothing: null,
  emptyList: [],
  signers: [1, 2, 3],
  user: { dept: { id: 100, name: '研发部' }, roles: ['admin'] },
};
const value = (text: string, scope: Record<string, unknown> = vars) => evaluateTemplate(text, scope);
const reason = (text: string, scope: Record<string, unknown> = vars): string => {
  try {
    evaluateTemplate(text, scope);
  } catch (err) {
    if (err instanceof ExpressionError) return err.reason;
    throw err;
  }
  throw new Error(`${text} did not fail`);
};

describe('bpm expression evaluator', () => {
  it('evaluates literals, variables, dotted paths and arithmetic', () => {
    expect(value('${days}')).toBe(5);
    expect(value('${user.dept.name}')).toBe('研发部');
    expect(value('${user.roles}')).toEqual(['admin']);
    expect(value('${signers.length}')).toBe(3);
    expect(value("${'a'}")).toBe('a');
    expect(value('${"it\'s"}')).toBe("it's");
    expect(value('${null}')).toBeNull();
    expect(value('${1 + 2 * 3}')).toBe(7);
    expect(value('${(1 + 2) * 3}')).toBe(9);
    expect(value('${7 % 4 - -1}')).toBe(4);
    expect(value('${10 / 4}')).toBe(2.5);
    expect(value('${10 div 4 + 10 mod 4}')).toBe(4.5);
    expect(value('${1.5e2}')).toBe(150);
  });

  it('keeps the value of a lone expression and joins mixed text', () => {
    expect(value('${signers}')).toEqual([1, 2, 3]);
    expect(value('  ${days}  ')).toBe(5);
    expect(value('请假 ${days} 天，${name}')).toBe('请假 5 天，张三');
    expect(value('a,${nothing},b')).toBe('a,,b');
    expect(value('plain text')).toBe('plain text');
  });

  it('compares with symbols and words, JUEL-style number coercion included', () => {
    expect(value('${days > 3}')).toBe(true);
    expect(value('${days gt 5}')).toBe(false);
    expect(value('${days ge 5 and days le 5}')).toBe(true);
    expect(value('${days lt 3 or days eq 5}')).toBe(true);
    expect(value('${days ne 5}')).toBe(false);
    expect(value('${days != 4 && approved}')).toBe(true);
    expect(value('${amount > 10000}')).toBe(true);
    expect(value('${amount == 12000}')).toBe(true);
    expect(value("${name == '张三'}")).toBe(true);
    expect(value("${'b' > 'a'}")).toBe(true);
    expect(value("${approved == 'true'}")).toBe(true);
    expect(value('${nothing == null}')).toBe(true);
    expect(value('${!rejected && not rejected}')).toBe(true);
    expect(value('${approved == true}')).toBe(true);
  });

  it('answers empty for missing, null, blank and empty values', () => {
    expect(value('${empty nothing}')).toBe(true);
    expect(value('${empty emptyList}')).toBe(true);
    expect(value('${empty missing}')).toBe(true);
    expect(value('${empty user.missing.deeper}')).toBe(true);
    expect(value('${empty signers}')).toBe(false);
    expect(value('${not empty name}')).toBe(true);
  });

  it('short-circuits && and ||', () => {
    expect(value('${rejected && missing}')).toBe(false);
    expect(value('${approved || missing}')).toBe(true);
  });

  it('throws on unknown variables, type errors and syntax errors, in Chinese', () => {
    expect(reason('${missing}')).toBe('变量 missing 不存在');
    expect(reason('${user.age}')).toBe('属性 age 不存在');
    expect(reason('${name.length}')).toBe("字符串 '张三'没有属性 length");
    expect(reason('${days > approved}')).toBe('数字 5和布尔值 true不能用 > 比较');
    expect(reason("${days + 'x'}")).toBe("运算符 + 需要数字，实际是数字 5和字符串 'x'");
    expect(reason('${days / 0}')).toBe('除数为 0');
    expect(reason('${days && approved}')).toBe('运算符 && 需要布尔值，实际是数字 5');
    expect(reason('${!days}')).toBe('运算符 ! 需要布尔值，实际是数字 5');
    expect(reason('${-name}')).toBe("负号需要数字，实际是字符串 '张三'");
    expect(reason('${days >> 3}')).toBe('第 7 个字符处语法错误：意外的「>」');
    expect(reason('${days = 3}')).toBe('第 6 个字符「=」无法识别');
    expect(reason('${(days > 3}')).toBe('缺少右括号');
    expect(reason('${days > }')).toBe('表达式不完整');
    expect(reason('${}')).toBe('表达式为空');
    expect(reason('${days')).toBe('缺少结束的 }');
    expect(reason("${'open}")).toBe('第 1 个字符开始的字符串没有结束引号');
    expect(reason('${and}')).toBe('第 1 个字符处语法错误：意外的「and」');
    expect(() => evaluateTemplate('${days >> 3}', vars)).toThrow(
      '表达式无法计算：${days >> 3}（第 7 个字符处语法错误：意外的「>」）',
    );
  });

  it('cannot reach globals, prototypes, constructors or functions', () => {
    expect(reason('${process}')).toBe('变量 process 不存在');
    expect(reason('${require}')).toBe('变量 require 不存在');
    expect(reason('${globalThis}')).toBe('变量 globalThis 不存在');
    expect(reason('${toString}')).toBe('变量 toString 不存在');
    expect(reason('${user.hasOwnProperty}')).toBe('属性 hasOwnProperty 不存在');
    expect(reason('${signers.map}')).toBe('属性 map 不存在');
    expect(reason('${constructor}')).toBe('不允许访问 constructor');
    expect(reason('${user.constructor}')).toBe('不允许访问 constructor');
    expect(reason('${user.__proto__}')).toBe('不允许访问 __proto__');
    expect(reason('${__proto__}')).toBe('不允许访问 __proto__');
    expect(reason('${user.prototype}')).toBe('不允许访问 prototype');
    expect(reason("${require('child_process')}")).toBe('第 8 个字符处：不支持函数调用');
    expect(reason('${signers.size()}')).toBe('第 13 个字符处：不支持函数调用');
    // A scope object with a poisoned prototype still only answers its own properties.
    const scope = Object.create({ inherited: 'secret' }) as Record<string, unknown>;
    expect(reason('${inherited}', scope)).toBe('变量 inherited 不存在');
    // Objects that are not plain data (class instances, functions) are opaque.
    expect(reason('${when.getTime}', { when: new Date(0) })).toBe('对象没有属性 getTime');
  });

  it('requires a boolean from a condition, with the condition prefix', () => {
    expect(evaluateCondition('${days > 3}', vars)).toBe(true);
    expect(() => evaluateCondition('${days}', vars)).toThrow(
      '条件表达式无法计算：${days}（结果是数字 5，不是布尔值）',
    );
    expect(() => evaluateCondition('${missing > 1}', vars)).toThrow(
      '条件表达式无法计算：${missing > 1}（变量 missing 不存在）',
    );
    expect(() => evaluateCondition('approved', vars)).toThrow("结果是字符串 'approved'，不是布尔值");
  });

  it('caches parsed templates', () => {
    expect(parseTemplate('${days > 3}')).toBe(parseTemplate('${days > 3}'));
  });
});
