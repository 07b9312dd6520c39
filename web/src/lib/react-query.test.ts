import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, shouldRetry } from './react-query';

describe('query client defaults', () => {
  it('a 4xx answer is final; network errors and 5xx are retried twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'notFound'))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, 'forbidden'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'network'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'internal'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'internal'))).toBe(false);
  });

  it('the app client uses them; mutations are never retried', () => {
    const options = createQueryClient().getDefaultOptions();
    expect(options.queries?.retry).toBe(shouldRetry);
    expect(options.mutations?.retry).toBe(false);
  });
});
