import type { ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { codeLanguage, hastText } from './hastText';
import { useIsSettled } from './streamingSource';
import { useHighlightedCode } from './useHighlightedCode';
import { CopyButton } from '../common/CopyButton';

export function CodeBlock({ node, children }: ComponentPropsWithoutRef<'pre'> & ExtraProps) {
  const language = codeLanguage(node);
  const code = hastText(node).replace(/\n$/, '');
  const settled = useIsSettled(node?.position?.end.offset);
  const tokens = useHighlightedCode(code, settled ? language : undefined);
  return (
    <div className="code-block">
      <div className="code-header">
        <span className="code-language">{language ?? 'code'}</span>
        <CopyButton text={code} />
      </div>
      <pre tabIndex={0}>{tokens === undefined ? children : <code className={`language-${language} hljs`}>{tokens}</code>}</pre>
    </div>
  );
}
