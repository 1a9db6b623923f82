import { ApiError } from '@/api/api-error';

/**
 * Spec §8: the first server error message (`errors[0].message`), else the server's `error`,
 * else the screen's default.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    return error.body?.errors?.[0]?.message ?? error.body?.error ?? fallback;
  }
  return fallback;
}

/** The server's message for one field, when it rejected that field. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.body?.errors?.find((e) => e.field === field)?.message;
}
