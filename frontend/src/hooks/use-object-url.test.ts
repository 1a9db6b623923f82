import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubObjectUrls } from '@/testing/object-url';
import { useObjectUrl } from './use-object-url';

describe('useObjectUrl', () => {
  it('makes one URL per file and revokes it when the file changes, goes or the component unmounts', () => {
    const urls = stubObjectUrls();
    const first = new Blob(['a']);
    const second = new Blob(['b']);
    const { result, rerender, unmount } = renderHook(({ file }: { file: Blob | null }) => useObjectUrl(file), {
      initialProps: { file: first as Blob | null },
    });
    expect(result.current).toBe('blob:preview-1');
    rerender({ file: first });
    expect(urls.created).toEqual(['blob:preview-1']);

    rerender({ file: second });
    expect(result.current).toBe('blob:preview-2');
    expect(urls.revoked).toEqual(['blob:preview-1']);

    rerender({ file: null });
    expect(result.current).toBeUndefined();
    expect(urls.revoked).toEqual(['blob:preview-1', 'blob:preview-2']);

    rerender({ file: first });
    unmount();
    expect(urls.revoked).toEqual(['blob:preview-1', 'blob:preview-2', 'blob:preview-3']);
  });
});
