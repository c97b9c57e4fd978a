import type { MailLog, MailTemplate, Notice, ProductSpuDetail } from '@app/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/lib/rich-text.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';
import { buildCatalogue, singleSpu, type Catalogue } from './product-fixture.js';

/* Rich text is sanitised with an allow-list before it is stored or sent: no script ever comes back. */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
};

/** An attribute value as the browser reads it: character references decoded, once. */
const decodeEntities = (text: string): string =>
  text.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi,
    (whole, hex?: string, dec?: string, name?: string) => {
      if (hex !== undefined) return String.fromCodePoint(Number.parseInt(hex, 16));
      if (dec !== undefined) return String.fromCodePoint(Number.parseInt(dec, 10));
      return NAMED_ENTITIES[name!.toLowerCase()] ?? whole;
    },
  );

/** A URL as the browser resolves its scheme: without the white space and control characters it skips. */
// eslint-disable-next-line no-control-regex
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\x00-\x20]+/g, ''))?.[1];

const TAG = /<\/?([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*\/?>/gi;
const ATTRIBUTE = /([a-z-]+)(?:="([^"]*)")?/gi;

/**
 * Reads sanitised HTML: every tag with its attributes (values decoded). The output is well-formed
 * (double-quoted attributes, `<` in text escaped), so whatever is left once the tags are taken out
 * must hold no `<`: no markup the reading missed.
 */
const tagsOf = (html: string) => {
  expect(html.replace(TAG, '')).not.toContain('<');
  return [...html.matchAll(TAG)].map(([, name, attributes]) => ({
    name: name!.toLowerCase(),
    attributes: [...attributes!.matchAll(ATTRIBUTE)].map(([, attribute, value]) => ({
      name: attribute!.toLowerCase(),
      value: decodeEntities(value ?? ''),
    })),
  }));
};

/** Fails when `html` holds a script, an event attribute, or a URL that can run or hold a document. */
const expectHarmless = (html: string) => {
  expect(html).not.toMatch(/<script/i);
  for (const tag of tagsOf(html)) {
    expect(['script', 'iframe', 'svg', 'object', 'embed', 'style', 'math']).not.toContain(tag.name);
    for (const { name, value } of tag.attributes) {
      expect(name).not.toMatch(/^on/);
      const scheme = schemeOf(value)?.toLowerCase();
      // No attribute is a script URL (text such as `#javascript:` or an alt of `javascript:` is not one).
      expect(['javascript', 'vbscript']).not.toContain(scheme);
      if (name === 'style') expect(value).not.toMatch(/javascript:|expression\(|url\(/i);
      if (name === 'href') expect([undefined, 'http', 'https', 'mailto']).toContain(scheme);
      if (name === 'src') {
        expect([undefined, 'http', 'https', 'data']).toContain(scheme);
        if (scheme === 'data') expect(value).toMatch(/^data:image\/(?:png|jpeg|gif|webp);base64,/i);
      }
    }
  }
};

describe('sanitizeRichText', () => {
  it.each([
    ['a script element, its code and all', '<p>a</p><script>alert(1)</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['an event attribute', '<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['a tab entity inside the scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['encoded letters and colon', '<a href="&#106;ava&#x73;cript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['leading white space and a newline', '<a href=" \njavascript:alert(1)">x</a>', '<a>x</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['an HTML data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['an SVG with onload', '<svg onload=alert(1)><circle r="1"/></svg><p>x</p>', '<p>x</p>'],
    ['an iframe, keeping its text', '<iframe src="javascript:alert(1)">text</iframe>', 'text'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">', ''],
    ['a style element', '<style>body { background: url(javascript:alert(1)) }</style><p>x</p>', '<p>x</p>'],
    [
      'url() and expression() in a style, keeping the harmless declaration',
      '<p style="color: red; background: url(javascript:alert(1)); width: expression(alert(1))">x</p>',
      '<p style="color:red">x</p>',
    ],
    ['expression() as a colour', '<span style="color: expression(alert(1))">x</span>', '<span>x</span>'],
    ['an inline SVG picture', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">', ''],
    ['an inline HTML picture', '<img src="data:text/html;base64,PHNjcmlwdD4=">', ''],
    [
      'a form and its fields',
      '<form action="https://evil.example"><input name="pw"><button>go</button></form>',
      'go',
    ],
    ['ids, names and classes', '<p id="x" class="evil" name="y">x</p>', '<p>x</p>'],
    [
      'noscript markup hiding in an attribute',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '',
    ],
  ])('removes %s', (_what, dirty, clean) => {
    const out = sanitizeRichText(dirty);
    expect(out).toBe(clean);
    expectHarmless(out);
  });

  it.each([
    ['paragraphs and marks', '<p><strong>x</strong><em>y</em><u>z</u><s>w</s></p>'],
    ['headings, quotes and rules', '<h2>标题</h2><blockquote><p>引用</p></blockquote><hr />'],
    ['lists', '<ul><li><p>a</p></li></ul><ol start="3"><li><p>b</p></li></ol>'],
    ['a code block with its language', '<pre><code class="language-js">a &lt; b</code></pre>'],
    [
      "Tiptap's link",
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">x</a></p>',
    ],
    ['a mail link', '<a href="mailto:a@example.com">mail</a>'],
    ['an uploaded picture', '<img src="/admin-api/infra/file/4/get/a.png" alt="a.png" />'],
    ['a web picture', '<img src="https://img.example.com/1.png" alt="" width="100" />'],
    ['an inline PNG', '<img src="data:image/png;base64,iVBORw0KGgo=" />'],
    [
      'a table',
      '<table border="1"><tbody><tr><th colspan="2">h</th></tr><tr><td>a</td></tr></tbody></table>',
    ],
    ['alignment and colour', '<p style="text-align:center;color:#ff0000">x</p>'],
    ['template placeholders', '<p>你好 {name}，<a href="{link}">点此</a></p>'],
    ['line breaks', '<p>a<br />b</p>'],
  ])('keeps %s unchanged', (_what, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps a new window from reaching back to the page', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://example.com" target="top">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
  });

  const FRAGMENTS = [
    '<script>',
    '</script>',
    '<SCRIPT src=//evil.example/x.js>',
    'alert(1)',
    '<img src=x onerror=alert(1)>',
    '<img src="',
    '<a href="',
    '<a href=',
    'javascript:',
    'JaVaScRiPt:',
    'jav&#x09;ascript:',
    'jav\tascript:',
    '&#106;',
    '&#x6A;avascript',
    '&colon;',
    '&Tab;',
    'data:text/html,',
    'data:image/svg+xml,',
    'vbscript:',
    '<svg onload=alert(1)>',
    '<iframe src=',
    '<object data=',
    '<embed src=',
    '<math>',
    '<noscript>',
    '</noscript>',
    '<xmp>',
    '<textarea>',
    '<style>',
    'style="',
    'background:url(',
    'expression(',
    ' onclick=',
    ' ONMOUSEOVER=',
    '/onload=',
    '<p ',
    '<p>',
    '</p>',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    '"',
    "'",
    '`',
    '<',
    '>',
    '=',
    '/',
    ' ',
    '\n',
    '\u0000',
  ];
  const hostile = fc
    .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 4 })), { maxLength: 30 })
    .map((parts) => parts.join(''));

  it('never lets a script, an event attribute or a javascript: URL through, whatever the mix', () => {
    fc.assert(
      fc.property(hostile, (dirty) => {
        expectHarmless(sanitizeRichText(dirty));
      }),
      { numRuns: 2000 },
    );
  });
});

const HOSTILE =
  '<p><strong>x</strong></p>' +
  '<script>alert("s")</script>' +
  '<img src=x onerror=alert(1)>' +
  '<a href="jav&#x09;ascript:alert(1)" onclick="alert(2)">link</a>' +
  '<svg onload=alert(3)></svg>' +
  '<iframe src="javascript:alert(4)"></iframe>';
/** What the server keeps of HOSTILE: the formatting, a harmless picture and the link's text. */
const CLEANED = '<p><strong>x</strong></p><img src="x" /><a>link</a>';

describe.each(DIALECTS)('rich text through the API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Mails are only queued here; nothing is delivered.
    await t.app.mailPoller.stop();
    admin = (await t.login()).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, extra: object = {}): Promise<T> => {
    const res = await t.api({ method, path, token: admin, ...extra });
    expect(res.code, `${path}: ${res.msg}`).toBe(0);
    return res.data as T;
  };
  const byId = (id: number) => ({ query: { id: String(id) } });

  it('sanitises a notice on create and on update', async () => {
    const notice = { title: '富文本公告', type: 1, content: HOSTILE, status: 0 };
    const id = await call<number>('POST', '/system/notice/create', { body: notice });
    const created = await call<Notice>('GET', '/system/notice/get', byId(id));
    expect(created.content).toBe(CLEANED);
    expectHarmless(created.content);

    const content = `<p style="text-align:center">居中</p>${HOSTILE}`;
    await call('PUT', '/system/notice/update', { body: { ...notice, id, content } });
    const updated = await call<Notice>('GET', '/system/notice/get', byId(id));
    expect(updated.content).toBe(`<p style="text-align:center">居中</p>${CLEANED}`);
  });

  it('sanitises a mail template on save and the mail as sent, parameters included', async () => {
    const accountId = await call<number>('POST', '/system/mail-account/create', {
      body: {
        mail: 'sender@example.com',
        username: 'mailer',
        password: 'secret-pw',
        host: '127.0.0.1',
        port: 25,
        sslEnable: false,
      },
    });
    const template = {
      name: '富文本邮件',
      code: 'rich_text_mail',
      accountId,
      nickname: '系统',
      title: '你好 {name}',
      content: `${HOSTILE}<p>{name}，<a href="{link}">查看</a></p>`,
      status: 0,
      remark: null,
    };
    const id = await call<number>('POST', '/system/mail-template/create', { body: template });
    const created = await call<MailTemplate>('GET', '/system/mail-template/get', byId(id));
    expect(created.content).toBe(`${CLEANED}<p>{name}，<a href="{link}">查看</a></p>`);
    expect(created.params).toEqual(['name', 'link']);

    await call('PUT', '/system/mail-template/update', {
      body: { ...template, id, content: `<h2>{name}</h2>${HOSTILE}<a href="{link}">查看</a>` },
    });
    const updated = await call<MailTemplate>('GET', '/system/mail-template/get', byId(id));
    expect(updated.content).toBe(`<h2>{name}</h2>${CLEANED}<a href="{link}">查看</a>`);

    // A parameter is text in the body and cannot make an attribute run script either.
    const logId = await call<number>('POST', '/system/mail-template/send-mail', {
      body: {
        mail: 'someone@example.com',
        templateCode: 'rich_text_mail',
        templateParams: { name: '<img src=x onerror=alert(1)>', link: 'javascript:alert(1)' },
      },
    });
    const log = await call<MailLog>('GET', '/system/mail-log/get', byId(logId));
    expect(log.templateContent).toBe(`<h2>&lt;img src=x onerror=alert(1)&gt;</h2>${CLEANED}<a>查看</a>`);
    expectHarmless(log.templateContent);
  });

  it('sanitises a product description on create and on update', async () => {
    const catalogue: Catalogue = await buildCatalogue(t, admin);
    const spu = singleSpu(catalogue, { name: '富文本商品', description: HOSTILE });
    const id = await call<number>('POST', '/product/spu/create', { body: spu });
    const created = await call<ProductSpuDetail>('GET', '/product/spu/get-detail', byId(id));
    expect(created.description).toBe(CLEANED);

    const description = `<p>纯棉</p>${HOSTILE}<img src="data:text/html;base64,PHNjcmlwdD4=">`;
    await call('PUT', '/product/spu/update', { body: { ...spu, id, description } });
    const updated = await call<ProductSpuDetail>('GET', '/product/spu/get-detail', byId(id));
    expect(updated.description).toBe(`<p>纯棉</p>${CLEANED}`);
    expectHarmless(updated.description);
  });
});
