/** The text of an HTML fragment (a rich-text field shown in a list cell); nothing for null. */
export const htmlText = (html: string | null | undefined): string =>
  html ? (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '') : '';
