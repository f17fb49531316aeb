// The plain text of a Markdown syntax-tree node (what a code block's Copy button copies).
interface HastLike {
  type: string;
  value?: string;
  children?: HastLike[];
}

export function hastText(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(hastText).join('');
}

/** "language-ts" on the code element inside a <pre> → "ts". */
export function codeLanguage(pre: { children?: unknown[] } | undefined): string | undefined {
  const code = pre?.children?.[0] as { properties?: { className?: unknown } } | undefined;
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes : [];
  const lang = list.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return lang?.slice('language-'.length);
}
