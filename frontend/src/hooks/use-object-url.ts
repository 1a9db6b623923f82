import { useEffect, useState } from 'react';

/**
 * A `blob:` URL showing `file` (an image preview), or undefined without one. The URL is
 * revoked when the file changes and on unmount, so a picker used many times holds one image
 * in memory, not every image ever picked.
 */
export function useObjectUrl(file: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
