import hljs from 'highlight.js/lib/core';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import 'highlight.js/styles/github.css';

// Loaded by the preview dialog alone (React.lazy), with only the languages the generator writes.
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('sql', sql);
hljs.registerLanguage('markdown', markdown);

/** A generated file's language by its extension (.tsx reads well enough as TypeScript). */
const LANGUAGES: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  js: 'javascript',
  mjs: 'javascript',
  json: 'json',
  sql: 'sql',
  md: 'markdown',
};

/** A file's code, highlighted when its language is known; highlight.js escapes the code it marks up. */
export default function HighlightedCode({ filePath, code }: { filePath: string; code: string }) {
  const language = LANGUAGES[filePath.slice(filePath.lastIndexOf('.') + 1)];
  return (
    <pre className="codegen-code hljs">
      {language ? (
        <code dangerouslySetInnerHTML={{ __html: hljs.highlight(code, { language }).value }} />
      ) : (
        <code>{code}</code>
      )}
    </pre>
  );
}
