import type { ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { codeLanguage, hastText } from './hastText';
import { CopyButton } from '../common/CopyButton';

export function CodeBlock({ node, children }: ComponentPropsWithoutRef<'pre'> & ExtraProps) {
  const language = codeLanguage(node);
  return (
    <div className="code-block">
      <div className="code-header">
        <span className="code-language">{language ?? 'code'}</span>
        <CopyButton text={hastText(node).replace(/\n$/, '')} />
      </div>
      <pre tabIndex={0}>{children}</pre>
    </div>
  );
}
