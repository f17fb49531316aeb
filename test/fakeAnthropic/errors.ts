// The API's error shape: `{type:"error", error:{type, message}}` plus the retry headers the SDK reads.
import type { Scenario } from './scenarios';

const TYPE_BY_STATUS: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

const MESSAGE_BY_TYPE: Record<string, string> = {
  invalid_request_error: 'Invalid request',
  authentication_error: 'invalid x-api-key',
  permission_error: 'Your API key does not have permission to use the specified resource.',
  not_found_error: 'Not found',
  request_too_large: 'Request exceeds the maximum allowed number of bytes.',
  rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit',
  api_error: 'Internal server error',
  timeout_error: 'Request timed out',
  overloaded_error: 'Overloaded',
};

export function errorBody(errorType: string, message?: string): { type: 'error'; error: { type: string; message: string } } {
  return { type: 'error', error: { type: errorType, message: message ?? MESSAGE_BY_TYPE[errorType] ?? errorType } };
}

/** Same rule as the SDK's own: 408, 409, 429 and 5xx are worth retrying. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

export function errorResponse(s: Extract<Scenario, { kind: 'error' }>): {
  status: number;
  headers: Record<string, string>;
  body: ReturnType<typeof errorBody>;
} {
  const errorType = s.errorType ?? TYPE_BY_STATUS[s.status] ?? (s.status >= 500 ? 'api_error' : 'invalid_request_error');
  const shouldRetry = s.shouldRetry ?? retryableStatus(s.status);
  const headers: Record<string, string> = { 'x-should-retry': String(shouldRetry) };
  if (s.retryAfter !== undefined) headers['retry-after'] = s.retryAfter;
  else if (shouldRetry || s.retryAfterMs !== undefined) headers['retry-after-ms'] = String(s.retryAfterMs ?? 10);
  return { status: s.status, headers, body: errorBody(errorType, s.message) };
}
