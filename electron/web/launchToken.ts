// The per-launch token of web mode (SPEC §6, §7): random unless BATON_WEB_TOKEN fixes it, and a fixed
// one that is easy to guess is accepted but named as such.
import { randomBytes } from 'node:crypto';

/** Shorter than this, or made of fewer distinct characters, a fixed token is weak. */
export const MIN_TOKEN_LENGTH = 16;
const MIN_DISTINCT_CHARACTERS = 8;

export interface LaunchToken {
  token: string;
  /** Set when the fixed token is weak: the warning to print. */
  warning?: string;
}

export function launchToken(fixed: string | undefined): LaunchToken {
  if (!fixed) return { token: randomBytes(24).toString('base64url') };
  const weak = fixed.length < MIN_TOKEN_LENGTH || new Set(fixed).size < MIN_DISTINCT_CHARACTERS;
  if (!weak) return { token: fixed };
  return {
    token: fixed,
    warning:
      `Warning: BATON_WEB_TOKEN is weak (${fixed.length} characters, ${new Set(fixed).size} different). Anyone who guesses it ` +
      `can use Baton and your API key. Use at least ${MIN_TOKEN_LENGTH} random characters, or unset it for a random token.`,
  };
}
