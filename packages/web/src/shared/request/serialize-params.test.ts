import { describe, expect, it } from 'vitest';
import { serializeParams } from './serialize-params';

const decode = (query: string) => decodeURIComponent(query);

describe('serializeParams', () => {
  it('keeps plain values and encodes keys and values', () => {
    expect(serializeParams({ pageNo: 1, name: '张 三&' })).toBe('pageNo=1&name=%E5%BC%A0%20%E4%B8%89%26');
  });

  it('drops null and undefined, keeps falsy values', () => {
    expect(serializeParams({ a: null, b: undefined, c: 0, d: false, e: '' })).toBe('c=0&d=false&e=');
  });

  it('flattens nested objects to key[sub]=value', () => {
    const query = serializeParams({ params: { type: 'x', skip: null, deep: { level: 2 } } });
    expect(decode(query)).toBe('params[type]=x&params[deep][level]=2');
    expect(query).toBe('params%5Btype%5D=x&params%5Bdeep%5D%5Blevel%5D=2');
  });

  it('repeats the key for arrays', () => {
    expect(serializeParams({ ids: [1, 2, null, 3] })).toBe('ids=1&ids=2&ids=3');
    expect(decode(serializeParams({ range: { createTime: ['a', 'b'] } }))).toBe(
      'range[createTime]=a&range[createTime]=b',
    );
  });

  it('formats dates as YYYY-MM-DD HH:mm:ss', () => {
    expect(decode(serializeParams({ at: new Date(2024, 0, 2, 3, 4, 5) }))).toBe('at=2024-01-02 03:04:05');
  });

  it('returns an empty string for no params', () => {
    expect(serializeParams(undefined)).toBe('');
    expect(serializeParams({})).toBe('');
  });
});
