import { useState } from 'react';
import { useLocation } from 'react-router';
import { Badge, Button, Card, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { EditRegular, PeopleRegular, PersonAddRegular } from '@fluentui/react-icons';
import { errorMessage } from '@/api/api-error';
import { useListMyCases } from '@/api/generated/cases/cases';
import type { CaseSummary } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { SuccessBanner } from '@/components/SuccessBanner';
import { LoadingState } from '@/components/LoadingState';
import { paths } from '@/config/paths';
import { t } from '@/i18n/zh-HK';
import { PageShell } from '@/components/PageShell';
import { caseDisplay, invitesTutors, isEditable } from '@/lib/case-display';
import type { ApplicantsSlot, SuggestedTutorsSlot } from '../lib/case-slots';
import type { CaseSavedState } from './PostCasePage';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  justSaved: { outline: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  number: { color: tokens.colorNeutralForeground3 },
  subject: { margin: 0, flexGrow: 1 },
  facts: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

const statusColor = (status: string) =>
  status === 'approved'
    ? 'success'
    : status === 'matched'
      ? 'brand'
      : status === 'rejected'
        ? 'danger'
        : status === 'closed'
          ? 'subtle'
          : 'warning';

/** What one's own cases show from matching; src/app passes them in. */
interface MyCasesSlots {
  applicants: ApplicantsSlot;
  suggestedTutors: SuggestedTutorsSlot;
}

/** /my-cases: the member's cases with status, edit link, applicants (spec §4, issue 5). */
export function MyCasesPage(slots: MyCasesSlots) {
  const styles = useStyles();
  const text = t.cases.myCases;
  const cases = useListMyCases({ pageSize: 100 });
  // Set by the case form after a save: say what happens next and mark the case.
  const saved = useLocation().state as CaseSavedState | null;
  const savedMessage =
    saved &&
    `${saved.created ? t.cases.form.created : t.cases.form.updated} ${
      saved.status === 'approved' ? text.saved.approved : text.saved.pending
    }`;
  return (
    <PageShell title={text.title} intro={text.intro}>
      {savedMessage && <SuccessBanner message={savedMessage} />}
      {cases.error && <ErrorBanner message={errorMessage(cases.error, text.loadFailed)} />}
      {!cases.data && !cases.error && <LoadingState />}
      {cases.data?.items.length === 0 && (
        <EmptyState
          title={text.empty}
          action={
            <ButtonLink to={paths.postCase} appearance="primary">
              {text.postOne}
            </ButtonLink>
          }
        />
      )}
      {cases.data && cases.data.items.length > 0 && (
        <ul className={styles.list}>
          {cases.data.items.map((item) => (
            <li key={item.id}>
              <MyCaseCard
                item={item}
                justSaved={item.caseId === saved?.savedCaseId}
                onChanged={() => void cases.mutate()}
                slots={slots}
              />
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}

interface MyCaseCardProps {
  item: CaseSummary;
  justSaved: boolean;
  onChanged: () => void;
  slots: MyCasesSlots;
}

function MyCaseCard({ item, justSaved, onChanged, slots }: MyCaseCardProps) {
  const styles = useStyles();
  const text = t.cases.myCases;
  const view = caseDisplay(item);
  const [open, setOpen] = useState(item.status === 'matched');
  const [suggesting, setSuggesting] = useState(false);
  const editable = isEditable(item);
  return (
    <Card
      className={mergeClasses(styles.card, justSaved && styles.justSaved)}
      data-testid="my-case"
      aria-current={justSaved ? 'true' : undefined}
    >
      <div className={styles.head}>
        <Text size={200} className={styles.number}>
          {t.cases.card.caseNumberValue(view.caseNumber)}
        </Text>
        <Badge appearance="filled" color={statusColor(item.status)}>
          {t.cases.status[item.status] ?? item.status}
        </Badge>
      </div>
      <Text as="h2" size={500} weight="semibold" className={styles.subject}>
        {item.postTitle}
      </Text>
      <Text className={styles.facts}>{t.common.factsLine([view.subject, view.location, view.rate])}</Text>
      <div className={styles.actions}>
        {editable && (
          <ButtonLink
            to={`${paths.postCase}/${item.caseId}`}
            appearance="secondary"
            size="small"
            icon={<EditRegular />}
          >
            {text.edit}
          </ButtonLink>
        )}
        <Button
          appearance="subtle"
          size="small"
          icon={<PeopleRegular />}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {text.applicants(item.applicantCount)}
        </Button>
        {invitesTutors(item) && (
          <Button
            appearance="subtle"
            size="small"
            icon={<PersonAddRegular />}
            aria-expanded={suggesting}
            onClick={() => setSuggesting((s) => !s)}
          >
            {t.cases.suggested.show}
          </Button>
        )}
      </div>
      {open && slots.applicants({ caseId: item.caseId, canChoose: item.status === 'approved', onChosen: onChanged })}
      {invitesTutors(item) && suggesting && slots.suggestedTutors(item.caseId)}
    </Card>
  );
}
