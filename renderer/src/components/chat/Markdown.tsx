// Model text as Markdown (GFM). Raw HTML is never rendered: react-markdown shows it as text unless a
// raw-HTML plugin is added, and none is. Links open outside the app, code blocks get a Copy button.
import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './CodeBlock';
import { ExternalLink } from '../common/ExternalLink';
import { MarkdownImage } from './MarkdownImage';

const components: Components = { a: ExternalLink, pre: CodeBlock, img: MarkdownImage };
const remarkPlugins = [remarkGfm];

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={remarkPlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
