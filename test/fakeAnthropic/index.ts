// The fake Anthropic Messages API: import from here (see README.md for the scenario and control API).
export { startFakeAnthropic, defaultScenario, apiKeyOf, type FakeAnthropic, type FakeAnthropicOptions } from './server';
export { useFakeAnthropic } from './useFakeAnthropic';
export { Scenario, FakeBlock, type RecordedRequest, type ScenarioFn } from './scenarios';
