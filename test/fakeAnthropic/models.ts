// GET /v1/models as the real API answers it: model objects newest first, cursor-paginated with `limit`
// (default 20, at most 1000) and `after_id` / `before_id`, pages shaped `{data, has_more, first_id, last_id}`.
import { z } from 'zod';

const Support = z.object({ supported: z.boolean() });

/** A model object of the Models API; only what a test may want to vary is required. */
export const FakeModel = z.object({
  type: z.literal('model').default('model'),
  id: z.string().min(1),
  display_name: z.string(),
  created_at: z.string().default('2026-01-01T00:00:00Z'),
  lifecycle: z.enum(['active', 'deprecated', 'retired']).default('active'),
  deprecated_at: z.string().nullable().default(null),
  retires_at: z.string().nullable().default(null),
  max_input_tokens: z.number().int().nullable().default(200_000),
  max_tokens: z.number().int().nullable().default(64_000),
  /** The API sends the whole capabilities object; the fake sends what it was given (or null). */
  capabilities: z
    .object({
      thinking: z
        .object({
          supported: z.boolean(),
          types: z.object({ adaptive: Support, enabled: Support }).partial().passthrough(),
        })
        .passthrough(),
    })
    .passthrough()
    .nullable()
    .default(null),
});
export type FakeModel = z.input<typeof FakeModel>;
type ServedModel = z.output<typeof FakeModel>;

const thinking = (adaptive: boolean) => ({
  thinking: { supported: true, types: { adaptive: { supported: adaptive }, enabled: { supported: true } } },
});

/** What the fake lists until told otherwise: the current models, as the API describes them. */
export const DEFAULT_FAKE_MODELS: readonly FakeModel[] = [
  { id: 'claude-sonnet-5-5', display_name: 'Claude Sonnet 5.5', max_input_tokens: 200_000, max_tokens: 64_000, capabilities: thinking(true) },
  { id: 'claude-opus-5-5', display_name: 'Claude Opus 5.5', max_input_tokens: 200_000, max_tokens: 32_000, capabilities: thinking(true) },
  { id: 'claude-haiku-5-5', display_name: 'Claude Haiku 5.5', max_input_tokens: 200_000, max_tokens: 64_000, capabilities: thinking(false) },
];

export function parseModels(models: readonly FakeModel[]): ServedModel[] {
  return models.map((m) => FakeModel.parse(m));
}

export interface ModelsPage {
  data: ServedModel[];
  has_more: boolean;
  first_id: string | null;
  last_id: string | null;
}

/** One page of `models` for the query string of a GET /v1/models. */
export function modelsPage(models: readonly ServedModel[], query: URLSearchParams): ModelsPage {
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 20) || 20, 1), 1000);
  const afterId = query.get('after_id');
  const beforeId = query.get('before_id');
  let data: ServedModel[];
  let hasMore: boolean;
  if (beforeId) {
    const end = Math.max(0, models.findIndex((m) => m.id === beforeId));
    const start = Math.max(0, end - limit);
    data = models.slice(start, end);
    hasMore = start > 0;
  } else {
    const start = afterId ? models.findIndex((m) => m.id === afterId) + 1 : 0;
    data = models.slice(start, start + limit);
    hasMore = start + limit < models.length;
  }
  return { data, has_more: hasMore, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}
