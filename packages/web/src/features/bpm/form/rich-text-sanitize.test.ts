import { describe, expect, it } from 'vitest';
import { isBlankRichText, sanitizeRichText } from './rich-text-sanitize';

describe('rich text sanitizing', () => {
  it('keeps plain formatting', () => {
    const html = '<p><b>粗</b><i>斜</i><u>下</u></p><ul><li>一</li></ul><ol><li>二</li></ol>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops every attribute, so no handler, style or link survives', () => {
    expect(sanitizeRichText('<p style="color:red" onclick="alert(1)">文</p>')).toBe('<p>文</p>');
  });

  it('removes scripts and frames with their content, and unwraps other elements', () => {
    expect(sanitizeRichText('<script>alert(1)</script><iframe src="x"></iframe>安全')).toBe('安全');
    expect(sanitizeRichText('<a href="javascript:alert(1)">链接</a><img src=x onerror=alert(1)>')).toBe(
      '链接',
    );
    expect(sanitizeRichText('<span><strong>保</strong>留</span>')).toBe('<strong>保</strong>留');
  });

  it('escapes text', () => {
    expect(sanitizeRichText('a &lt;b&gt; c')).toBe('a &lt;b&gt; c');
  });

  it('sees an emptied editor as blank', () => {
    expect(isBlankRichText('')).toBe(true);
    expect(isBlankRichText('<br>')).toBe(true);
    expect(isBlankRichText('<p> </p>')).toBe(true);
    expect(isBlankRichText('<p>字</p>')).toBe(false);
  });
});
