// The highlighter itself, in its own chunk: lowlight (highlight.js over a syntax tree) and the step that
// turns its tree into React elements. Tokens become <span class="hljs-…">, so no inline style is needed.
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { createLowlight } from 'lowlight';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { loadGrammar } from './grammars';

const lowlight = createLowlight();

export async function highlight(grammar: string, code: string): Promise<ReactNode> {
  if (!lowlight.registered(grammar)) lowlight.register(grammar, await loadGrammar(grammar));
  return toJsxRuntime(lowlight.highlight(grammar, code), { Fragment, jsx, jsxs });
}
