/**
 * Our own JUEL-like expression language for conditions, assignees, collections and completion conditions:
 * `${...}` with identifiers and dotted paths over the variables, numbers, strings ('..' and ".."), true,
 * false, null, `== != > >= < <= && || ! + - * / %`, parentheses and the words eq ne gt ge lt le and or not
 * div mod empty. It parses to a small tree and walks it: nothing is ever executed, no function can be called,
 * and only own properties of plain objects and arrays are read, so globals, prototypes and constructors are
 * out of reach. Anything that cannot be evaluated throws an ExpressionError; it never yields a guess.
 */

export class ExpressionError extends Error {
  readonly expression: string;
  readonly reason: string;

  constructor(expression: string, reason: string, prefix = '表达式无法计算') {
    super(`${prefix}：${expression}（${reason}）`);
    this.name = 'ExpressionError';
    this.expression = expression;
    this.reason = reason;
  }
}

type BinaryOperator = '==' | '!=' | '>' | '>=' | '<' | '<=' | '&&' | '||' | '+' | '-' | '*' | '/' | '%';

type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'variable'; name: string }
  | { kind: 'member'; object: Node; property: string }
  | { kind: 'unary'; operator: '!' | '-' | 'empty'; operand: Node }
  | { kind: 'binary'; operator: BinaryOperator; left: Node; right: Node };

/** A parsed text: literal pieces and `${...}` expressions in order. */
export interface Template {
  readonly source: string;
  readonly parts: readonly (string | Node)[];
}

type Token =
  | { type: 'number'; value: number; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'word'; value: string; at: number }
  | { type: 'op'; value: string; at: number };

const WORD_OPERATORS = new Map([
  ['eq', '=='],
  ['ne', '!='],
  ['gt', '>'],
  ['ge', '>='],
  ['lt', '<'],
  ['le', '<='],
  ['and', '&&'],
  ['or', '||'],
  ['not', '!'],
  ['div', '/'],
  ['mod', '%'],
  ['empty', 'empty'],
]);
const SYMBOLS = [
  '==',
  '!=',
  '>=',
  '<=',
  '&&',
  '||',
  '>',
  '<',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  '.',
  '}',
];

/** Names that would lead out of the data: refused wherever they appear. */
function isForbiddenName(name: string): boolean {
  return name.startsWith('__') || name === 'constructor' || name === 'prototype';
}

class Parser {
  private tokens: Token[] = [];
  private index = 0;
  /** Index in `text` just after the closing `}`. */
  end = 0;

  constructor(
    private readonly text: string,
    private readonly source: string,
    start: number,
  ) {
    this.tokenize(start);
  }

  private fail(reason: string): never {
    throw new ExpressionError(this.source, reason);
  }

  private tokenize(start: number): void {
    const text = this.text;
    let i = start;
    while (i < text.length) {
      const ch = text.charAt(i);
      if (/\s/.test(ch)) {
        i++;
        continue;
      }
      const at = i - start + 1;
      if (/[0-9]/.test(ch)) {
        const match = /^\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
        const literal = match ? match[0] : ch;
        this.tokens.push({ type: 'number', value: Number(literal), at });
        i += literal.length;
        continue;
      }
      if (ch === "'" || ch === '"') {
        let value = '';
        let j = i + 1;
        for (;;) {
          if (j >= text.length) this.fail(`第 ${at} 个字符开始的字符串没有结束引号`);
          const c = text.charAt(j);
          if (c === '\\' && j + 1 < text.length) {
            value += text.charAt(j + 1);
            j += 2;
          } else if (c === ch) {
            break;
          } else {
            value += c;
            j++;
          }
        }
        this.tokens.push({ type: 'string', value, at });
        i = j + 1;
        continue;
      }
      if (/[A-Za-z_$]/.test(ch)) {
        const word = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i))?.[0] ?? ch;
        this.tokens.push({ type: 'word', value: word, at });
        i += word.length;
        continue;
      }
      const symbol = SYMBOLS.find((s) => text.startsWith(s, i));
      if (!symbol) this.fail(`第 ${at} 个字符「${ch}」无法识别`);
      this.tokens.push({ type: 'op', value: symbol, at });
      i += symbol.length;
      if (symbol === '}') {
        this.end = i;
        return;
      }
    }
    this.fail('缺少结束的 }');
  }

  private peek(): Token {
    // The token list always ends with `}` (tokenize fails otherwise).
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    return this.tokens[this.index++] as Token;
  }

  /** The operator the next token stands for (symbols and word operators alike), or null. */
  private peekOperator(): string | null {
    const token = this.peek();
    if (token.type === 'op') return token.value;
    if (token.type === 'word') return WORD_OPERATORS.get(token.value) ?? null;
    return null;
  }

  parse(): Node {
    if (this.tokens.length === 1) this.fail('表达式为空');
    const node = this.parseBinary(0);
    const token = this.peek();
    if (!(token.type === 'op' && token.value === '}')) this.unexpected(token);
    return node;
  }

  private unexpected(token: Token): never {
    if (token.type === 'op' && token.value === '}') this.fail('表达式不完整');
    const shown = token.type === 'string' ? `'${token.value}'` : String(token.value);
    if (token.type === 'op' && token.value === '(') this.fail(`第 ${token.at} 个字符处：不支持函数调用`);
    this.fail(`第 ${token.at} 个字符处语法错误：意外的「${shown}」`);
  }

  private static readonly LEVELS: readonly (readonly string[])[] = [
    ['||'],
    ['&&'],
    ['==', '!='],
    ['<', '>', '<=', '>='],
    ['+', '-'],
    ['*', '/', '%'],
  ];

  private parseBinary(level: number): Node {
    const operators = Parser.LEVELS[level];
    if (!operators) return this.parseUnary();
    let left = this.parseBinary(level + 1);
    for (;;) {
      const operator = this.peekOperator();
      if (!operator || !operators.includes(operator)) return left;
      this.next();
      const right = this.parseBinary(level + 1);
      left = { kind: 'binary', operator: operator as BinaryOperator, left, right };
    }
  }

  private parseUnary(): Node {
    const operator = this.peekOperator();
    if (operator === '!' || operator === '-' || operator === 'empty') {
      this.next();
      return { kind: 'unary', operator, operand: this.parseUnary() };
    }
    return this.parseMember();
  }

  private parseMember(): Node {
    let node = this.parsePrimary();
    for (;;) {
      const token = this.peek();
      if (token.type === 'op' && token.value === '(') this.unexpected(token);
      if (!(token.type === 'op' && token.value === '.')) return node;
      this.next();
      const property = this.next();
      if (property.type !== 'word') this.unexpected(property);
      if (isForbiddenName(property.value)) this.fail(`不允许访问 ${property.value}`);
      node = { kind: 'member', object: node, property: property.value };
    }
  }

  private parsePrimary(): Node {
    const token = this.next();
    switch (token.type) {
      case 'number':
      case 'string':
        return { kind: 'literal', value: token.value };
      case 'word': {
        if (token.value === 'true') return { kind: 'literal', value: true };
        if (token.value === 'false') return { kind: 'literal', value: false };
        if (token.value === 'null') return { kind: 'literal', value: null };
        if (WORD_OPERATORS.has(token.value)) this.unexpected(token);
        if (isForbiddenName(token.value)) this.fail(`不允许访问 ${token.value}`);
        return { kind: 'variable', name: token.value };
      }
      case 'op': {
        if (token.value !== '(') this.unexpected(token);
        const inner = this.parseBinary(0);
        const close = this.next();
        if (!(close.type === 'op' && close.value === ')')) {
          if (close.type === 'op' && close.value === '}') this.fail('缺少右括号');
          this.unexpected(close);
        }
        return inner;
      }
    }
  }
}

const TEMPLATE_CACHE_SIZE = 2000;
const templateCache = new Map<string, Template>();

/** Parses a text with `${...}` parts (cached); throws ExpressionError on a syntax error. */
export function parseTemplate(text: string): Template {
  const cached = templateCache.get(text);
  if (cached) return cached;
  const parts: (string | Node)[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('${', i)) {
      if (literal) parts.push(literal);
      literal = '';
      const parser = new Parser(text, text, i + 2);
      parts.push(parser.parse());
      i = parser.end;
    } else {
      literal += text.charAt(i);
      i++;
    }
  }
  if (literal) parts.push(literal);
  const template = { source: text, parts };
  if (templateCache.size >= TEMPLATE_CACHE_SIZE)
    templateCache.delete(templateCache.keys().next().value as string);
  templateCache.set(text, template);
  return template;
}

/** True when the text contains a `${...}` part. */
export function hasExpression(text: string | null | undefined): boolean {
  return typeof text === 'string' && text.includes('${');
}

/** True when the whole text (surrounding blanks aside) is one `${...}` expression. */
export function isExpression(text: string | null | undefined): boolean {
  if (!hasExpression(text)) return false;
  try {
    const { parts } = parseTemplate((text as string).trim());
    return parts.length === 1 && typeof parts[0] !== 'string';
  } catch {
    return false;
  }
}

/** Variables an expression reads: own properties of `scope` only. */
export type Scope = Readonly<Record<string, unknown>>;

/**
 * Evaluates a text: a lone `${...}` gives its value as is; text mixing literals and expressions gives a
 * string; text without expressions is returned unchanged.
 */
export function evaluateTemplate(text: string, scope: Scope): unknown {
  const template = parseTemplate(text.trim());
  const evaluator = new Evaluator(template.source, scope);
  if (template.parts.length === 1 && typeof template.parts[0] !== 'string') {
    return evaluator.evaluate(template.parts[0] as Node);
  }
  let result = '';
  for (const part of template.parts) {
    if (typeof part === 'string') {
      result += part;
      continue;
    }
    const value = evaluator.evaluate(part);
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') evaluator.fail(`${describe(value)}不能拼接到文本中`);
    result += String(value);
  }
  return result;
}

/** Evaluates a condition: the result must be a boolean. */
export function evaluateCondition(text: string, scope: Scope): boolean {
  let value: unknown;
  try {
    value = evaluateTemplate(text, scope);
  } catch (err) {
    if (err instanceof ExpressionError)
      throw new ExpressionError(err.expression, err.reason, '条件表达式无法计算');
    throw err;
  }
  if (typeof value !== 'boolean') {
    throw new ExpressionError(text, `结果是${describe(value)}，不是布尔值`, '条件表达式无法计算');
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return '空值 null';
  if (value === undefined) return '未定义';
  if (Array.isArray(value)) return '数组';
  switch (typeof value) {
    case 'number':
      return `数字 ${value}`;
    case 'string':
      return `字符串 '${value}'`;
    case 'boolean':
      return `布尔值 ${value}`;
    default:
      return '对象';
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/** JUEL's coercion for comparisons: a numeric string meets a number as that number. */
function coercePair(a: unknown, b: unknown): [unknown, unknown] {
  if (typeof a === 'number' && typeof b === 'string' && NUMERIC_TEXT.test(b)) return [a, Number(b)];
  if (typeof a === 'string' && typeof b === 'number' && NUMERIC_TEXT.test(a)) return [Number(a), b];
  if (typeof a === 'boolean' && (b === 'true' || b === 'false')) return [a, b === 'true'];
  if (typeof b === 'boolean' && (a === 'true' || a === 'false')) return [a === 'true', b];
  return [a, b];
}

class Evaluator {
  constructor(
    private readonly source: string,
    private readonly scope: Scope,
  ) {}

  fail(reason: string): never {
    throw new ExpressionError(this.source, reason);
  }

  /** `lenient`: a missing variable or property reads as undefined (only under `empty`). */
  evaluate(node: Node, lenient = false): unknown {
    switch (node.kind) {
      case 'literal':
        return node.value;
      case 'variable': {
        if (Object.hasOwn(this.scope, node.name)) return this.scope[node.name];
        if (lenient) return undefined;
        return this.fail(`变量 ${node.name} 不存在`);
      }
      case 'member': {
        const object = this.evaluate(node.object, lenient);
        if (lenient && (object === undefined || object === null)) return undefined;
        if (!isPlainObject(object) && !Array.isArray(object)) {
          return this.fail(`${describe(object)}没有属性 ${node.property}`);
        }
        if (Object.hasOwn(object, node.property)) return (object as Record<string, unknown>)[node.property];
        if (lenient) return undefined;
        return this.fail(`属性 ${node.property} 不存在`);
      }
      case 'unary':
        return this.unary(node.operator, node.operand);
      case 'binary':
        return this.binary(node.operator, node.left, node.right);
    }
  }

  private unary(operator: '!' | '-' | 'empty', operand: Node): unknown {
    if (operator === 'empty') {
      const value = this.evaluate(operand, true);
      if (value === null || value === undefined || value === '') return true;
      if (Array.isArray(value)) return value.length === 0;
      if (isPlainObject(value)) return Object.keys(value).length === 0;
      return false;
    }
    const value = this.evaluate(operand);
    if (operator === '!') return !this.boolean('!', value);
    if (typeof value !== 'number') this.fail(`负号需要数字，实际是${describe(value)}`);
    return -value;
  }

  private boolean(operator: string, value: unknown): boolean {
    if (typeof value !== 'boolean') this.fail(`运算符 ${operator} 需要布尔值，实际是${describe(value)}`);
    return value;
  }

  private binary(operator: BinaryOperator, leftNode: Node, rightNode: Node): unknown {
    if (operator === '&&') {
      return this.boolean('&&', this.evaluate(leftNode)) && this.boolean('&&', this.evaluate(rightNode));
    }
    if (operator === '||') {
      return this.boolean('||', this.evaluate(leftNode)) || this.boolean('||', this.evaluate(rightNode));
    }
    const [left, right] = coercePair(this.evaluate(leftNode), this.evaluate(rightNode));
    switch (operator) {
      case '==':
        return left === right;
      case '!=':
        return left !== right;
      case '>':
      case '>=':
      case '<':
      case '<=': {
        const comparable =
          (typeof left === 'number' && typeof right === 'number') ||
          (typeof left === 'string' && typeof right === 'string');
        if (!comparable) this.fail(`${describe(left)}和${describe(right)}不能用 ${operator} 比较`);
        const l = left as number | string;
        const r = right as number | string;
        if (operator === '>') return l > r;
        if (operator === '>=') return l >= r;
        if (operator === '<') return l < r;
        return l <= r;
      }
      default: {
        if (typeof left !== 'number' || typeof right !== 'number') {
          return this.fail(`运算符 ${operator} 需要数字，实际是${describe(left)}和${describe(right)}`);
        }
        if (operator === '+') return left + right;
        if (operator === '-') return left - right;
        if (operator === '*') return left * right;
        if (right === 0) return this.fail('除数为 0');
        return operator === '/' ? left / right : left % right;
      }
    }
  }
}

/** An evaluated assignee list (an array, or a comma-separated text) as user ids or names; blanks dropped. */
export function toUserList(value: unknown): (string | number)[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return items
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter(
      (item): item is string | number =>
        (typeof item === 'string' && item !== '') || typeof item === 'number',
    );
}
