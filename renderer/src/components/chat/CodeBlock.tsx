import type { ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { codeLanguage, hastText } from './hastText';
import { useIsSettled } from './streamingSource';
import { useLazyRender } from './useLazyRender';
import { cacheKey, highlighting } from '../../lib/highlight';
import { CopyButton } from '../common/CopyButton';

export function CodeBlock({ node, children }: ComponentPropsWithoutRef<'pre'> & ExtraProps) {
  const language = codeLanguage(node);
  const code = hastText(node).replace(/\n$/, '');
  const settled = useIsSettled(node?.position?.end.offset);
  const tokens = useLazyRender(highlighting, cacheKey(settled ? language : undefined, code));
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
