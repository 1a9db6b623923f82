import { onTestFinished } from 'vitest';

/**
 * jsdom has no URL.createObjectURL: for the current test, each object URL made is
 * `blob:preview-1`, `blob:preview-2`…, and each revoked one is recorded.
 */
export function stubObjectUrls() {
  const created: string[] = [];
  const revoked: string[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = () => {
    const url = `blob:preview-${created.length + 1}`;
    created.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
  onTestFinished(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
  return { created, revoked };
}
