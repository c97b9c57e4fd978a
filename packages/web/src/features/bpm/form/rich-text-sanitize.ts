/** Elements rich text may keep; every attribute is dropped, so no link, image, style or handler survives. */
const ALLOWED = new Set([
  'p',
  'div',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
]);
/** Elements removed together with their content; any other unknown element is unwrapped (its text stays). */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
]);

const clean = (source: Node, target: Node, doc: Document) => {
  source.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      return;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) return;
    const tag = (child as Element).tagName.toLowerCase();
    if (DROPPED.has(tag)) return;
    if (ALLOWED.has(tag)) {
      const copy = doc.createElement(tag);
      clean(child, copy, doc);
      target.appendChild(copy);
    } else {
      clean(child, target, doc);
    }
  });
};

/** The HTML of a rich-text field reduced to plain formatting (bold, italic, underline, lists, paragraphs). */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  clean(parsed.body, root, out);
  return root.innerHTML;
}

/** True when the HTML shows no text (an emptied editor leaves `<br>` or empty paragraphs behind). */
export const isBlankRichText = (html: string): boolean =>
  !html || new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() === '';
