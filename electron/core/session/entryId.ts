// Entry ids: 72 random bits, so collisions within one session are negligible and no lookup is needed to
// avoid them.
import { randomBytes } from 'node:crypto';

export function entryId(): string {
  return randomBytes(9).toString('base64url');
}
