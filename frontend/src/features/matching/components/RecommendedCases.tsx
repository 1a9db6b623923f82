import { useCallback, useMemo } from 'react';
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { useListRecommendedCases } from '@/api/generated/cases/cases';
import type { FitReason } from '@/api/generated/model';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { t } from '@/i18n/zh-HK';
import { useSession } from '@/session/session';
import { isWorkingTutor } from '@/session/tutor';
import { CaseCardGrid } from '@/components/CaseCardGrid';
import type { CaseAction } from '@/components/CaseCard';
import { CaseApplyAction } from './CaseApplyAction';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  note: { alignSelf: 'flex-start', height: 'auto', whiteSpace: 'normal' },
});

const applyAction: CaseAction = (item, size) => <CaseApplyAction item={item} size={size} />;

/** Why a case fits, in words: the reasons' labels joined, in the order the server weighed them. */
export function fitLine(reasons: readonly FitReason[]): string {
  const text = t.cases.recommended;
  return text.fits(reasons.map((reason) => text.reason_[reason] ?? reason));
}

/**
 * The recommended cases on the home page, for an active tutor in tutor mode: the open cases that fit
 * the tutor best (scored by the server), each saying why it fits.
 */
export function RecommendedCases() {
  const styles = useStyles();
  const session = useSession();
  const enabled = isWorkingTutor(session);
  const recommended = useListRecommendedCases({ swr: { enabled } });
  // Kept while the answer stays, so that the memoized cards (CaseCardGrid) are not built again.
  const items = useMemo(() => recommended.data?.items ?? [], [recommended.data]);
  const cases = useMemo(() => items.map((item) => item.case), [items]);
  const note = useCallback(
    (item: { caseId: number }) => {
      const why = items.find((fit) => fit.case.caseId === item.caseId);
      return (
        <Badge appearance="tint" color="success" className={styles.note} data-testid="case-note">
          {why && fitLine(why.reasons)}
        </Badge>
      );
    },
    [items, styles.note],
  );
  if (!enabled) return null;
  const text = t.cases.recommended;
  return (
    <section className={styles.root} aria-labelledby="recommended-cases-heading" data-testid="recommended-cases">
      <div className={styles.header}>
        <Text as="h2" size={600} weight="semibold" id="recommended-cases-heading" className={styles.heading}>
          {text.heading}
        </Text>
        <Text size={300} className={styles.hint}>
          {text.hint}
        </Text>
      </div>
      {recommended.error ? (
        <ErrorBanner message={errorMessage(recommended.error, t.common.loadFailed)} />
      ) : !recommended.data ? (
        <LoadingState />
      ) : items.length === 0 ? (
        <EmptyState title={text.empty} />
      ) : (
        <CaseCardGrid items={cases} label={text.heading} note={note} action={applyAction} />
      )}
    </section>
  );
}
