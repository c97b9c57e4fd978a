/** `{name}` placeholders of a notify or SMS template; as the reference, any text but braces names one. */
const PLACEHOLDER = /\{([^{}]+)\}/g;

/** The names of the placeholders in `content`, each once, in order. */
export const templateParamNames = (content: string): string[] => [
  ...new Set([...content.matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value as string | number | boolean);

/** Fills `{name}` with `params.name`; placeholders without a value stay as they are. */
export const renderTemplate = (content: string, params: Record<string, unknown>): string =>
  content.replace(PLACEHOLDER, (whole, key: string) =>
    Object.hasOwn(params, key) ? text(params[key]) : whole,
  );
