// A ```mermaid block, drawn as a diagram once it is complete. Until then, and when Mermaid cannot draw it
// (a syntax error, a diagram too big), it is the code block of its source, with the reason in a line
// above. Find in session looks through the source (data-find-text), as the count and the search do.
import type { ComponentPropsWithoutRef } from 'react';
import type { ExtraProps } from 'react-markdown';
import { CodeBlock } from './CodeBlock';
import { hastText } from './hastText';
import { useIsSettled } from './streamingSource';
import { useLazyRender } from './useLazyRender';
import { CopyButton } from '../common/CopyButton';
import { useThemeInEffect } from '../../hooks/useAppearance';
import { diagramKey, drawing } from '../../lib/diagram';
import { uiTexts } from '../../texts';
import { useLanguage } from '../../hooks/useLanguage';

export function DiagramBlock(props: ComponentPropsWithoutRef<'pre'> & ExtraProps) {
  const source = hastText(props.node).replace(/\n$/, '');
  const settled = useIsSettled(props.node?.position?.end.offset);
  const theme = useThemeInEffect();
  useLanguage(); // its texts are read in the language of the moment: render again when it changes
  const drawn = useLazyRender(drawing, settled ? diagramKey(theme, source) : undefined);
  if (drawn && 'svg' in drawn) {
    return (
      <div className="code-block diagram-block">
        <div className="code-header">
          <span className="code-language">mermaid</span>
          <CopyButton text={source} />
        </div>
        <div className="diagram" data-find-text={source} tabIndex={0}>
          {/* Mermaid's SVG, drawn in strict security and sanitized by it (lib/diagram/mermaid.ts). It fits the
              width down to 3/4 of its size; a wider diagram scrolls, its labels still readable. */}
          <div style={{ minWidth: drawn.width * 0.75, maxWidth: drawn.width || undefined }} dangerouslySetInnerHTML={{ __html: drawn.svg }} />
        </div>
      </div>
    );
  }
  return (
    <>
      {drawn && <p className="diagram-error">{uiTexts.diagramNotDrawn(drawn.error)}</p>}
      <CodeBlock {...props} />
    </>
  );
}
