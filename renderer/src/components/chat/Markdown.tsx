// Model text as Markdown. A short settled text is parsed and rendered in one go (MarkdownPart); a
// streamed text, and a settled one too long to parse in one task, is rendered block by block across
// tasks (BlockMarkdown), so that no task takes longer than a frame or two however long the text is.
import { memo } from 'react';
import { BlockMarkdown } from './BlockMarkdown';
import { MarkdownPart, type MarkdownProps } from './MarkdownPart';

export type { MarkdownExtension } from './MarkdownPart';

/** Past this a settled text is rendered block by block: parsed whole it would take more than some 30 ms. */
const WHOLE_LIMIT = 16_000;

export const Markdown = memo(function Markdown({ text, streaming = false, extension }: MarkdownProps) {
  return (
    <div className="markdown">
      {streaming || text.length > WHOLE_LIMIT ? <BlockMarkdown text={text} open={streaming} extension={extension} /> : <MarkdownPart text={text} extension={extension} />}
    </div>
  );
});
