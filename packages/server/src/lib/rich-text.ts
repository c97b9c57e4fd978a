import sanitizeHtml from 'sanitize-html';

/*
 * Rich text (notices, mail templates, product descriptions) is HTML that other people's browsers and
 * mail clients render, so what is stored or sent keeps only an allow-list: the markup the web's editors
 * produce (Tiptap's StarterKit and Image for descriptions; hand-written HTML with 插入图片 for notices and
 * mail templates) and nothing that can run script. Anything else is dropped, its text kept.
 */

/** Inline style values are matched whole, so `url(…)`, `expression(…)` and `;`-smuggling never match. */
const COLOR = /^(?:#[0-9a-f]{3,8}|(?:rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]+)$/i;
const LENGTH = /^(?:0|\d+(?:\.\d+)?(?:px|pt|em|rem|%))$/i;

const ALLOWED_STYLES: Record<string, RegExp[]> = {
  // The colours, alignment, size and emphasis a notice or mail is formatted with.
  color: [COLOR],
  'background-color': [COLOR],
  'text-align': [/^(?:left|right|center|justify|start|end)$/i],
  'text-indent': [LENGTH],
  'line-height': [/^\d+(?:\.\d+)?$/, LENGTH],
  'font-size': [LENGTH, /^(?:xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)$/i],
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(?:normal|italic|oblique)$/i],
  'text-decoration': [
    /^(?:none|underline|line-through|overline)(?:\s+(?:underline|line-through|overline))*$/i,
  ],
};

/** The image types the editors upload; an inline picture of another type (SVG above all) is dropped. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/]*={0,2}$/i;

/** A URL as the browser reads it: without the white space and control characters it skips. */
// eslint-disable-next-line no-control-regex
const compactUrl = (url: string): string => url.replace(/[\x00-\x20]+/g, '');

const SECURE_REL = ['noopener', 'noreferrer'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    // Blocks: what Tiptap's StarterKit writes (paragraphs, headings, quotes, code, rules, breaks).
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'hr',
    'br',
    // Plain containers that hand-written notices and mails carry their alignment and colours on.
    'div',
    'span',
    // Lists.
    'ul',
    'ol',
    'li',
    // Inline emphasis: bold, italic, underline, strike and their older spellings.
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'sub',
    'sup',
    'mark',
    'small',
    // Links and pictures, their URLs checked below.
    'a',
    'img',
    // Tables, which hand-written notices and mails lay out with.
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  // No `id`, `name` or free `class` (they could clobber the page's own DOM or styles), no `on*`.
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start', 'type'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
    col: ['span', 'width'],
    th: ['colspan', 'rowspan', 'width', 'align', 'valign'],
    td: ['colspan', 'rowspan', 'width', 'align', 'valign'],
  },
  // Tiptap marks a code block's language as a class; no other class is kept.
  allowedClasses: { code: ['language-*'] },
  allowedStyles: { '*': ALLOWED_STYLES },
  // Links go to web pages or mail addresses; pictures are web addresses or inline images (checked
  // below). Scheme-less URLs (uploaded files' relative paths) resolve against the page's own origin.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  disallowedTagsMode: 'discard',
  // Their content is code or markup that is not meant to be read as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'template',
  ],
  // A picture whose address was refused shows nothing, so it goes altogether.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    img: (tagName, attribs) => {
      const src = attribs.src === undefined ? undefined : compactUrl(attribs.src);
      if (src !== undefined && /^data:/i.test(src) && !DATA_IMAGE.test(src)) {
        const { src: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs };
    },
    // A link opens here or in a new window (not in a named frame), and a new window gets no handle
    // on this one (no reverse tabnabbing).
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs;
      if (target !== '_blank') return { tagName, attribs: rest };
      const rel = new Set((attribs.rel ?? '').split(/\s+/).filter(Boolean));
      if (SECURE_REL.every((token) => rel.has(token))) return { tagName, attribs };
      for (const token of SECURE_REL) rel.add(token);
      return { tagName, attribs: { ...attribs, rel: [...rel].join(' ') } };
    },
  },
};

/**
 * `html` with only the allow-listed tags, attributes, styles and URL schemes: no script, no event
 * attribute, no `javascript:`, `vbscript:` or non-image `data:` URL. Apply before storing or sending.
 */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS);
