// Model text as Markdown (GFM). Raw HTML is never rendered: react-markdown shows it as text unless a
// raw-HTML plugin is added, and none is. Links open outside the app, code blocks get a Copy button and
// are highlighted once they are complete (`streaming`: the text is still growing).
import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './CodeBlock';
import { ExternalLink } from '../common/ExternalLink';
import { MarkdownImage } from './MarkdownImage';
import { StreamedLength } from './streamingSource';

const components: Components = { a: ExternalLink, pre: CodeBlock, img: MarkdownImage };
const remarkPlugins = [remarkGfm];

export const Markdown = memo(function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <StreamedLength.Provider value={streaming ? text.trimEnd().length : null}>
      <div className="markdown">
        <ReactMarkdown remarkPlugins={remarkPlugins} components={components}>
          {text}
        </ReactMarkdown>
      </div>
    </StreamedLength.Provider>
  );
});
