import { Suspense } from 'react';
import type { CaseSummary } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { t } from '@/i18n/zh-HK';
import { lazy } from '@/lib/lazy';
import { useLoginPath } from '@/session/next-path';
import { useSession } from '@/session/session';

// What a logged-in reader may do with a case (apply, or why not) loads once someone is logged in:
// a visitor's board carries only the link to log in (docs/adr/0076-public-pages-under-150-kib.md).
const CaseApplyForm = lazy(async () => ({ default: (await import('./CaseApplyForm')).CaseApplyForm }));

/**
 * The action area of a case card or row (spec §4): "log in to apply" when logged out, which
 * comes back here after logging in; for a logged-in reader, CaseApplyForm.
 */
export function CaseApplyAction({ item, size = 'medium' }: { item: CaseSummary; size?: 'small' | 'medium' }) {
  const session = useSession();
  const login = useLoginPath();
  if (!session.isLoggedIn) {
    return (
      <ButtonLink to={login} appearance="primary" size={size} aria-label={t.cases.card.applyLabel(item.caseId)}>
        {t.common.loginToApply}
      </ButtonLink>
    );
  }
  return (
    <Suspense fallback={null}>
      <CaseApplyForm item={item} size={size} />
    </Suspense>
  );
}
