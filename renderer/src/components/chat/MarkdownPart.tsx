// Markdown (GFM) with math, parsed and rendered in one go: a whole short text, or one block of a long
// one (see Markdown.tsx). Raw HTML is never rendered: react-markdown shows it as text unless a raw-HTML
// plugin is added, and none is. Links open outside the app, code blocks get a Copy button and are
// highlighted once they are complete (`streaming`: the text is still growing); formulas are typeset and
// ```mermaid blocks drawn the same way.
import { memo, type ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type ExtraProps, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './CodeBlock';
import { DiagramBlock } from './DiagramBlock';
import { Formula, MathBlock } from './Formula';
import { codeLanguage, hastText } from './hastText';
import { ExternalLink } from '../common/ExternalLink';
import { MarkdownImage } from './MarkdownImage';
import { StreamedLength } from './streamingSource';
import { remarkMath } from '../../lib/math/remarkMath';
import { remarkOnce } from '../../lib/remarkOnce';

/** A block of preformatted text: a display formula, a diagram or code. */
function Block(props: ComponentPropsWithoutRef<'pre'> & ExtraProps) {
  const language = codeLanguage(props.node);
  if (language === 'math') return <MathBlock {...props} />;
  if (language === 'mermaid') return <DiagramBlock {...props} />;
  return <CodeBlock {...props} />;
}

/** Inline code, or a formula within a line (`$…$`, or `$$…$$` shown as display). */
function Code({ node, className, ...rest }: ComponentPropsWithoutRef<'code'> & ExtraProps) {
  const classes = className?.split(' ') ?? [];
  if (classes.includes('math-inline') || classes.includes('math-display')) return <Formula tex={hastText(node)} display={classes.includes('math-display')} />;
  return <code className={className} {...rest} />;
}

const components: Components = { a: ExternalLink, pre: Block, code: Code, img: MarkdownImage };
const remarkPlugins = [remarkOnce(remarkGfm), remarkOnce(remarkMath)];

/** More syntax for one use (the handoff card's citations): plugins after these, components over these. */
export interface MarkdownExtension {
  remarkPlugins: NonNullable<Options['remarkPlugins']>;
  components: Components;
}

/** What Markdown and each of its parts are given. */
export interface MarkdownProps {
  text: string;
  streaming?: boolean;
  /** Kept the same object while it does not change (memoized), as the text is. */
  extension?: MarkdownExtension | undefined;
}

/** The elements of `text`, without a container of their own: the blocks of a long text are siblings. */
export const MarkdownPart = memo(function MarkdownPart({ text, streaming = false, extension }: MarkdownProps) {
  return (
    <StreamedLength.Provider value={streaming ? text.trimEnd().length : null}>
      <ReactMarkdown
        remarkPlugins={extension ? [...remarkPlugins, ...extension.remarkPlugins] : remarkPlugins}
        components={extension ? { ...components, ...extension.components } : components}
      >
        {text}
      </ReactMarkdown>
    </StreamedLength.Provider>
  );
});
