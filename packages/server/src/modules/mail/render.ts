/**
 * `{name}` placeholders of a mail template's title and content. Names are any text without braces or
 * white space, so the braces of CSS rules in HTML content (`p { color: red }`) are no placeholders.
 */
const PLACEHOLDER = /\{([^{}\s]+)\}/g;

/** The placeholder names of the texts, each once, in order of appearance. */
export const mailParamNames = (...texts: string[]): string[] => [
  ...new Set(texts.flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))),
];

const textOf = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value as string | number | boolean);

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * Fills the placeholders with `params`; placeholders without a value stay as they are. In HTML
 * (the content) values are escaped, so a parameter can never inject markup into the mail.
 */
export const renderMailText = (text: string, params: Record<string, unknown>, html = false): string =>
  text.replace(PLACEHOLDER, (whole, key: string) => {
    if (!Object.hasOwn(params, key)) return whole;
    const value = textOf(params[key]);
    return html ? escapeHtml(value) : value;
  });
