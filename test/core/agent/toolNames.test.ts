// Tool names across sources: always valid for the API, stable, and never the same for two pairs.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API_TOOL_NAME, namespacedToolName } from '../../../electron/core/agent/toolNames';

describe('namespacedToolName', () => {
  it('is <server>__<tool> when that is a valid name', () => {
    expect(namespacedToolName('filesystem', 'read_file')).toBe('filesystem__read_file');
    expect(namespacedToolName('my-server_2', 'echo')).toBe('my-server_2__echo');
  });

  it('makes invalid characters valid and adds a hash, the same each time', () => {
    const name = namespacedToolName('My Server', 'get.weather');
    expect(name).toMatch(/^My_Server__get_weather_[0-9a-f]{8}$/);
    expect(namespacedToolName('My Server', 'get.weather')).toBe(name);
    // Another pair that reads the same once made valid still gets a name of its own.
    expect(namespacedToolName('My_Server', 'get_weather')).toBe('My_Server__get_weather');
    expect(namespacedToolName('My.Server', 'get.weather')).not.toBe(name);
  });

  it('shortens a long name to 64 characters, keeping its beginning', () => {
    const name = namespacedToolName('a-server-with-a-rather-long-name', 'and_a_tool_whose_name_goes_on_and_on_for_ever');
    expect(name).toHaveLength(64);
    expect(name.startsWith('a-server-with-a-rather-long-name__and_a_tool')).toBe(true);
    expect(name).toMatch(API_TOOL_NAME);
  });

  it('never reads two ways: a server name with the separator in it is hashed', () => {
    // "a__b" + "c" and "a" + "b__c" would both be a__b__c.
    expect(namespacedToolName('a', 'b__c')).toBe('a__b__c');
    expect(namespacedToolName('a__b', 'c')).not.toBe('a__b__c');
    expect(namespacedToolName('_a', 'b')).not.toBe('_a__b');
  });

  it('gives every pair a valid name, and different pairs different names', () => {
    const part = fc.string({ minLength: 0, maxLength: 70 });
    fc.assert(
      fc.property(part, part, part, part, (s1, t1, s2, t2) => {
        expect(namespacedToolName(s1, t1)).toMatch(API_TOOL_NAME);
        if (s1 !== s2 || t1 !== t2) expect(namespacedToolName(s1, t1)).not.toBe(namespacedToolName(s2, t2));
      }),
      { numRuns: 2000 },
    );
  });
});
