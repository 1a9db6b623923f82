import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, EditRegular } from '@fluentui/react-icons';
import { useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { useGetCase } from '@/api/generated/cases/cases';
import type { CaseDetail } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { DetailCard, DetailPage, FactList } from '@/components/DetailLayout';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { ServiceFee } from '@/components/ServiceFee';
import { casePath, paths } from '@/config/paths';
import { catalogueName } from '@/i18n/catalogue-names';
import { formatDate, formatDateTime, formatRatePerLesson } from '@/i18n/format';
import { language, pathInLanguage } from '@/i18n/language';
import { t } from '@/i18n/zh-HK';
import type { CaseAction } from '@/components/CaseCard';
import { CaseShare } from '../components/CaseShare';
import type { ApplicantsSlot, SuggestedTutorsSlot } from '../lib/case-slots';
import { caseDisplay, caseState, invitesTutors, isEditable } from '@/lib/case-display';

const useStyles = makeStyles({
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  title: { margin: 0 },
  rate: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  description: { whiteSpace: 'pre-wrap', margin: 0 },
  sectionTitle: { margin: 0 },
});

/** What the case page shows from matching; src/app passes them in. */
interface CasePageSlots {
  applyAction: CaseAction;
  applicants: ApplicantsSlot;
  suggestedTutors: SuggestedTutorsSlot;
}

/** /case/{caseId}: everything a tutor needs to decide, the apply action in place, and sharing. */
export function CasePage(slots: CasePageSlots) {
  const { caseId = '' } = useParams();
  const number = /^\d{1,15}$/.test(caseId) ? Number(caseId) : undefined;
  const detail = useGetCase(number ?? 0, { swr: { enabled: number !== undefined } });
  const text = t.cases.page;
  const notFound = number === undefined || (detail.error instanceof ApiError && detail.error.status === 404);

  if (notFound) {
    return (
      <DetailPage>
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
      </DetailPage>
    );
  }
  if (detail.error) {
    const reason =
      detail.error instanceof ApiError && detail.error.body?.error ? detail.error.body.error : t.common.loadFailed;
    return (
      <DetailPage>
        <ErrorBanner message={text.loadFailed(reason)} />
      </DetailPage>
    );
  }
  if (!detail.data) return <LoadingState />;
  return <CaseView item={detail.data} onChanged={() => void detail.mutate()} slots={slots} />;
}

function CaseView({ item, onChanged, slots }: { item: CaseDetail; onChanged: () => void; slots: CasePageSlots }) {
  const styles = useStyles();
  const text = t.cases.page;
  const view = caseDisplay(item);
  const state = caseState(item);
  const facts: [string, string][] = [
    [text.subject, view.subject],
    [
      text.place,
      text.placeValue(catalogueName(item.location), catalogueName(item.district), catalogueName(item.region)),
    ],
    [text.rate, formatRatePerLesson(item.rate) ?? t.common.notFilled],
    [text.lessons, view.sessions ?? t.common.notFilled],
    [text.startDate, formatDate(item.startDate) ?? t.common.notFilled],
    [text.preferredGender, t.cases.form.genders[item.preferredGender] ?? t.common.notFilled],
    [text.posted, formatDateTime(item.createdAt) ?? t.common.notFilled],
    [text.applicants, text.applicantCount(item.applicantCount)],
    [text.state, text.states[state]],
  ];
  const editable = isEditable(item);
  return (
    <DetailPage>
      <title>{t.pageTitle(item.postTitle)}</title>
      <DetailCard>
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
        <FactList label={text.factsLabel} facts={facts} />
        <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle}>
          {text.description}
        </Text>
        <p className={styles.description}>{item.description}</p>
      </DetailCard>

      {item.mine ? (
        <DetailCard>
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
          {slots.applicants({ caseId: item.caseId, canChoose: item.status === 'approved', onChosen: onChanged })}
          {invitesTutors(item) && slots.suggestedTutors(item.caseId)}
        </DetailCard>
      ) : state === 'open' || state === 'full' ? (
        <DetailCard>
          <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle}>
            {text.applyHeading}
          </Text>
          <ServiceFee fee={item.serviceFee} on="case" />
          {slots.applyAction(item, 'medium')}
        </DetailCard>
      ) : null}

      <DetailCard>
        <Text as="h2" size={500} weight="semibold" className={styles.sectionTitle}>
          {text.share.heading}
        </Text>
        <CaseShare
          title={item.postTitle}
          url={new URL(pathInLanguage(casePath(item.caseId), language()), window.location.origin).href}
        />
      </DetailCard>
    </DetailPage>
  );
}
