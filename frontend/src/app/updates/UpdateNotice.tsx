import { Suspense, useEffect, useState } from 'react';
import { lazy } from '@/lib/lazy';

// The notice's bar and buttons load when there is something to say
// (docs/adr/0076-public-pages-under-150-kib.md).
const UpdateBar = lazy(async () => ({ default: (await import('./UpdateBar')).UpdateBar }));

/** What a new service worker tells open pages once it has taken over (pwa/service-worker.js). */
interface Activated {
  type: 'tutorhub-activated';
  files: string[];
}

function isActivated(data: unknown): data is Activated {
  return (data as Activated | null)?.type === 'tutorhub-activated' && Array.isArray((data as Activated).files);
}

/** The path of this page's own entry script, which names its version of the app. */
function ownEntryScript(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script ? new URL(script.src).pathname : undefined;
}

interface Props {
  container?: ServiceWorkerContainer | undefined;
  entryScript?: string | undefined;
  reload?: () => void;
}

/**
 * Says so when a new version of the app has taken over while this page runs an older one
 * (its entry script is not among the new version's files), and offers to reload; the page
 * keeps working until then. A page already on the new version (it was loaded from the network
 * just before the new worker installed) shows nothing.
 */
export function UpdateNotice({
  // Neither exists when the build prerenders the frame in Node.
  container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
  entryScript = ownEntryScript(),
  reload = () => window.location.reload(),
}: Props) {
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    if (!container || !entryScript) return;
    const onMessage = (event: MessageEvent) => {
      if (isActivated(event.data) && !event.data.files.includes(entryScript)) setUpdated(true);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [container, entryScript]);
  return (
    <div aria-live="polite">
      {updated && (
        <Suspense fallback={null}>
          <UpdateBar reload={reload} dismiss={() => setUpdated(false)} />
        </Suspense>
      )}
    </div>
  );
}
