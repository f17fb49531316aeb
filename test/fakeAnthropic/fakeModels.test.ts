// The fake's GET /v1/models, through the real SDK: the default list, paging as the API pages, failures.
import Anthropic, { InternalServerError, NotFoundError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FAKE_MODELS, useFakeAnthropic } from './index';

const fake = useFakeAnthropic();
const client = () => new Anthropic({ apiKey: 'test', baseURL: fake.url, maxRetries: 0 });

async function listAll(params?: Anthropic.ModelListParams): Promise<string[]> {
  const ids: string[] = [];
  for await (const model of client().models.list(params)) ids.push(model.id);
  return ids;
}

const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `claude-m-${i}`, display_name: `Model ${i}` }));

describe('fake GET /v1/models', () => {
  it('lists the current models by default, in the API shape', async () => {
    const page = await client().models.list();
    expect(page.data.map((m) => m.id)).toEqual(DEFAULT_FAKE_MODELS.map((m) => m.id));
    expect(page.data[0]).toMatchObject({
      type: 'model',
      id: 'claude-sonnet-5-5',
      display_name: 'Claude Sonnet 5.5',
      lifecycle: 'active',
      max_input_tokens: 200_000,
      max_tokens: 64_000,
      capabilities: { thinking: { supported: true, types: { adaptive: { supported: true } } } },
    });
    expect(page).toMatchObject({ has_more: false, first_id: 'claude-sonnet-5-5', last_id: 'claude-haiku-5-5' });
  });

  it('pages by limit and after_id, and the SDK follows the pages', async () => {
    fake.setModels(many(45));
    const first = await client().models.list({ limit: 20 });
    expect(first.data).toHaveLength(20);
    expect(first).toMatchObject({ has_more: true, first_id: 'claude-m-0', last_id: 'claude-m-19' });
    expect((await listAll({ limit: 20 })).length).toBe(45);
    const requests = fake.requests.filter((r) => r.path === '/v1/models');
    expect(requests).toHaveLength(4); // the page above, then three for the whole list

    const after = await client().models.list({ limit: 5, after_id: 'claude-m-39' });
    expect(after.data.map((m) => m.id)).toEqual(['claude-m-40', 'claude-m-41', 'claude-m-42', 'claude-m-43', 'claude-m-44']);
    expect(after.has_more).toBe(false);
    expect((await client().models.list()).data).toHaveLength(20); // the API's default page size
  });

  it('serves the list as configured, retired models and null limits included', async () => {
    fake.setModels([
      { id: 'claude-old', display_name: 'Old', lifecycle: 'retired', max_input_tokens: null, max_tokens: null },
      { id: 'claude-new', display_name: 'New', max_input_tokens: 1_000_000 },
    ]);
    const { data } = await client().models.list();
    expect(data.map((m) => [m.id, m.lifecycle, m.max_input_tokens])).toEqual([
      ['claude-old', 'retired', null],
      ['claude-new', 'active', 1_000_000],
    ]);
    fake.setModels(null);
    expect((await listAll()).length).toBe(DEFAULT_FAKE_MODELS.length);
  });

  it('fails as told until told otherwise', async () => {
    fake.failModels({ status: 500 });
    await expect(listAll()).rejects.toBeInstanceOf(InternalServerError);
    fake.failModels({ status: 404, message: 'no models here' });
    await expect(listAll()).rejects.toBeInstanceOf(NotFoundError);
    fake.failModels(null);
    expect(await listAll()).toHaveLength(DEFAULT_FAKE_MODELS.length);
  });
});
