import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorMessage, retryAfterSeconds } from './errors';

describe('errorMessage', () => {
  it('a throttle says how long to wait (details.retryAfterSeconds), in minutes or, below one, seconds', () => {
    const throttled = (seconds: number) => new ApiError(429, 'tooManyRequests', { retryAfterSeconds: seconds });
    expect(errorMessage(throttled(690))).toBe(
      'Zu viele Anfragen in kurzer Zeit. Bitte versuchen Sie es in 12 Minuten erneut.',
    );
    expect(errorMessage(throttled(60))).toBe(
      'Zu viele Anfragen in kurzer Zeit. Bitte versuchen Sie es in 1 Minute erneut.',
    );
    expect(errorMessage(throttled(45))).toBe(
      'Zu viele Anfragen in kurzer Zeit. Bitte versuchen Sie es in 45 Sekunden erneut.',
    );
  });

  it('a throttle without the wait: the general text', () => {
    expect(retryAfterSeconds(new ApiError(429, 'tooManyRequests'))).toBeUndefined();
    expect(errorMessage(new ApiError(429, 'tooManyRequests'))).toBe(
      'Zu viele Anfragen in kurzer Zeit. Bitte versuchen Sie es später erneut.',
    );
    expect(errorMessage(new ApiError(409, 'mailInUse', { retryAfterSeconds: 5 }))).toBe(
      'E-Mail wird bereits verwendet',
    );
  });
});
