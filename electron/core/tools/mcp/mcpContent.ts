// An MCP tool result as the content of a tool_result. The API takes text and images (PNG, JPEG, GIF,
// WebP); anything else becomes a line of text saying what it was. An image is checked as an attachment
// is — its real type from its bytes, its size and sides — because one the API refuses would fail this
// request and every later one of the session.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { IMAGE_MEDIA_TYPES } from '../../../../shared/session';
import { formatSize } from '../../../../shared/attachments';
import type { ToolOutput } from '../../agent/tools';
import { LIMITS } from '../../attachments/attachmentLimits';
import { sniffMediaType, SNIFF_BYTES } from '../../attachments/fileType';
import { imageDimensions } from '../../attachments/imageSize';

type Part = Exclude<ToolOutput['content'], string>[number];
type McpPart = CallToolResult['content'][number];

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const IMAGE_TYPES: ReadonlySet<string> = new Set(IMAGE_MEDIA_TYPES);

export function toolOutputOf(result: CallToolResult, imageName: string): ToolOutput {
  let images = 0;
  const parts = result.content.map((part) => partOf(part, () => `${imageName}-${++images}`));
  // A result with only structured data (outputSchema) still says something to the model.
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push({ type: 'text', text: JSON.stringify(result.structuredContent) });
  const content = parts.every((p) => p.type === 'text') ? parts.map((p) => (p as { text: string }).text).join('\n') : parts;
  return { content, ...(result.isError === true && { isError: true }) };
}

function partOf(part: McpPart, nextName: () => string): Part {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return imageOf(part.data, nextName());
    case 'audio':
      return { type: 'text', text: `[audio (${part.mimeType}) left out: the model cannot hear it]` };
    case 'resource_link':
      return { type: 'text', text: `[resource: ${part.name} <${part.uri}>${part.description ? ` — ${part.description}` : ''}]` };
    case 'resource':
      return 'text' in part.resource && typeof part.resource.text === 'string'
        ? { type: 'text', text: `[resource <${part.resource.uri}>]\n${part.resource.text}` }
        : { type: 'text', text: `[resource <${part.resource.uri}> (${part.resource.mimeType ?? 'binary'}) left out]` };
    default:
      return { type: 'text', text: `[content of type ${String((part as { type?: unknown }).type)} left out]` };
  }
}

function imageOf(data: string, name: string): Part {
  const leftOut = (why: string): Part => ({ type: 'text', text: `[image left out: ${why}]` });
  if (data.length % 4 !== 0 || !BASE64.test(data)) return leftOut('its data is not base64');
  const bytes = Buffer.from(data, 'base64');
  const type = sniffMediaType(bytes.subarray(0, SNIFF_BYTES));
  if (!type || !IMAGE_TYPES.has(type)) return leftOut('not a PNG, JPEG, GIF or WebP picture');
  const mediaType = type as (typeof IMAGE_MEDIA_TYPES)[number];
  if (bytes.length > LIMITS.imageBytes) return leftOut(`${formatSize(bytes.length)}, over the ${formatSize(LIMITS.imageBytes)} an image may have`);
  const size = imageDimensions(bytes, mediaType);
  if (size && Math.max(size.width, size.height) > LIMITS.imageSide) return leftOut(`${size.width}×${size.height}, over ${LIMITS.imageSide} pixels a side`);
  return { type: 'image', name: `${name}.${mediaType.slice('image/'.length)}`, source: { type: 'base64', media_type: mediaType, data } };
}
