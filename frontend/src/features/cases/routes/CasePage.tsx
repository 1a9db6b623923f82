import { Fragment } from 'react';
import { Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, EditRegular } from '@fluentui/react-icons';
import { useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { useGetCase } from '@/api/generated/cases/cases';
import type { CaseDetail } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { casePath, paths } from '@/config/paths';
import { formatDate, formatDateTime, formatRatePerLesson } from '@/i18n/format';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';
import { ApplicantList } from '../components/ApplicantList';
import { CaseApplyAction } from '../components/CaseApplyAction';
import { CaseShare } from '../components/CaseShare';
import { caseDisplay, caseState } from '../components/case-display';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '880px',
    width: '100%',
    marginInline: 'auto',
  },
  card: {
    padding: tokens.spacingHorizontalL,
    gap: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusXLarge,
    [media.wide]: { padding: tokens.spacingHorizontalXXL },
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  title: { margin: 0 },
  rate: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  facts: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    [media.wide]: { gridTemplateColumns: '140px 1fr' },
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase300 },
  value: { margin: 0, marginBottom: tokens.spacingVerticalS, color: tokens.colorNeutralForeground1 },
  description: { whiteSpace: 'pre-wrap', margin: 0 },
  sectionTitle: { margin: 0 },
});

/** /case/{caseId}: everything a tutor needs to decide, the apply action in place, and sharing. */
export function CasePage() {
  const styles = useStyles();
  const { caseId = '' } = useParams();
  const number = /^\d{1,15}$/.test(caseId) ? Number(caseId) : undefined;
  const detail = useGetCase(number ?? 0, { swr: { enabled: number !== undefined } });
  const text = t.cases.page;
  const notFound = number === undefined || (detail.error instanceof ApiError && detail.error.status === 404);

  if (notFound) {
    return (
      <div className={styles.page}>
        <title>{t.pageTitle(text.notFound)}</title>
        <EmptyState
          title={text.notFound}
          hint={text.notFoundHint}
          action={
            <ButtonLink to={paths.allCases} appearance="primary" icon={<ArrowLeftRegular />}>
              {text.backToCases}
            </ButtonLink>
          }
        />
      </div>
    );
  }
  if (detail.error) {
    const reason =
      detail.error instanceof ApiError && detail.error.body?.error ? detail.error.body.error : t.common.loadFailed;
    return (
      <div className={styles.page}>
        <ErrorBanner message={text.loadFailed(reason)} />
      </div>
    );
  }
  if (!detail.data) return <LoadingState />;
  return <CaseView item={detail.data} onChanged={() => void detail.mutate()} />;
}

function CaseView({ item, onChanged }: { item: CaseDetail; onChanged: () => void }) {
  const styles = useStyles();
  const text = t.cases.page;
  const view = caseDisplay(item);
  const state = caseState(item);
  const facts: [string, string][] = [
    [text.subject, view.subject],
    [text.place, text.placeValue(item.location, item.district, item.region)],
    [text.rate, formatRatePerLesson(item.rate) ?? t.common.notFilled],
    [text.lessons, view.sessions ?? t.common.notFilled],
    [text.startDate, formatDate(item.startDate) ?? t.common.notFilled],
    [text.preferredGender, t.cases.form.genders[item.preferredGender] ?? t.common.notFilled],
    [text.posted, formatDateTime(item.createdAt) ?? t.common.notFilled],
    [text.applicants, text.applicantCount(item.applicantCount)],
    [text.state, text.states[state]],
  ];
  const editable = state !== 'matched' && state !== 'closed';
  return (
    <div className={styles.page}>
      <title>{t.pageTitle(item.postTitle)}</title>
      <Card className={styles.card}>
        <div className={styles.header}>
          <Text size={200} className={styles.muted}>
            {t.cases.card.caseNumberValue(view.caseNumber)}
          </Text>
          <Text as="h1" size={700} weight="bold" className={styles.title}>
            {item.postTitle}
          </Text>
          <Text size={400} className={styles.rate}>
            {formatRatePerLesson(item.rate) ?? t.common.notFilled}
          </Text>
        </div>
        <dl className={styles.facts} aria-label={text.factsLabel}>
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <dt className={styles.label}>{label}</dt>
              <dd className={styles.value}>{value}</dd>
            </Fragment>
          ))}
        </dl>
        <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle}>
          {text.description}
        </Text>
        <p className={styles.description}>{item.description}</p>
      </Card>

      {item.mine ? (
        <Card className={styles.card}>
          <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle}>
            {text.ownerHeading}
          </Text>
          <Text size={200} className={styles.muted}>
            {text.ownerNote}
          </Text>
          {editable && (
            <div>
              <ButtonLink to={`${paths.postCase}/${item.caseId}`} icon={<EditRegular />}>
                {text.edit}
              </ButtonLink>
            </div>
          )}
          <ApplicantList caseId={item.caseId} canChoose={item.status === 'approved'} onChosen={onChanged} />
        </Card>
      ) : state === 'open' || state === 'full' ? (
        <Card className={styles.card}>
          <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle}>
            {text.applyHeading}
          </Text>
          <CaseApplyAction item={item} />
        </Card>
      ) : null}

      <Card className={styles.card}>
        <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle}>
          {text.share.heading}
        </Text>
        <CaseShare title={item.postTitle} url={new URL(casePath(item.caseId), window.location.origin).href} />
      </Card>
    </div>
  );
}
