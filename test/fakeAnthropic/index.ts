// The fake Anthropic Messages API: import from here (see README.md for the scenario and control API).
export { startFakeAnthropic, defaultScenario, apiKeyOf, type FakeAnthropic, type FakeAnthropicOptions, type ModelsFailure } from './server';
export { DEFAULT_FAKE_MODELS, type FakeModel } from './models';
export type { CacheUsage, PromptCacheOptions } from './promptCache';
export { useFakeAnthropic } from './useFakeAnthropic';
export { Scenario, FakeBlock, type RecordedRequest, type ScenarioFn } from './scenarios';
