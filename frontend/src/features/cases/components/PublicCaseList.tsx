import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowRightRegular } from '@fluentui/react-icons';
import { errorMessage } from '@/api/api-error';
import { useListPublicCases } from '@/api/generated/cases/cases';
import { ButtonLink } from '@/components/ButtonLink';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { paths } from '@/config/paths';
import { t } from '@/i18n/zh-HK';
import type { CaseAction } from '@/components/CaseCard';
import { CaseCardGrid } from '@/components/CaseCardGrid';

export const PUBLIC_CASES_PAGE_SIZE = 6;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  more: {
    display: 'flex',
    justifyContent: 'center',
  },
});

/** The newest public cases (GET /cases/public) and the more-cases button. */
export function PublicCaseList({ applyAction }: { applyAction: CaseAction }) {
  const styles = useStyles();
  const cases = useListPublicCases({ page: 1, pageSize: PUBLIC_CASES_PAGE_SIZE });
  return (
    <section className={styles.root} aria-labelledby="latest-cases-heading">
      <div className={styles.header}>
        <Text as="h2" size={600} weight="semibold" id="latest-cases-heading" className={styles.heading}>
          {t.home.latestCases}
        </Text>
        <Text size={300} className={styles.hint}>
          {t.home.latestCasesHint}
        </Text>
      </div>
      {cases.error ? (
        <ErrorBanner message={errorMessage(cases.error, t.common.loadFailed)} />
      ) : !cases.data ? (
        <LoadingState />
      ) : cases.data.items.length === 0 ? (
        <EmptyState title={t.cases.allCases.empty} />
      ) : (
        <CaseCardGrid items={cases.data.items} label={t.home.latestCases} action={applyAction} />
      )}
      <div className={styles.more}>
        <ButtonLink
          to={paths.allCases}
          appearance="secondary"
          size="large"
          icon={<ArrowRightRegular />}
          iconPosition="after"
        >
          {t.home.moreCases}
        </ButtonLink>
      </div>
    </section>
  );
}
