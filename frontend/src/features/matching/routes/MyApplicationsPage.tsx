import { useState } from 'react';
import { Badge, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { useListAppliedCases } from '@/api/generated/cases/cases';
import { ButtonLink } from '@/components/ButtonLink';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { arrangementPath, paths } from '@/config/paths';
import { ContactLinks } from '@/components/ContactLinks';
import { lessonsZhHK } from '@/i18n/lessons-zh-HK';
import { t } from '@/i18n/zh-HK';
import { PageShell } from '@/components/PageShell';
import { caseDisplay, matchTerms } from '@/lib/case-display';
import { OfferAnswer } from '../components/OfferAnswer';
import { WithdrawApplicationButton } from '../components/WithdrawApplicationButton';

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
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const statusColor = {
  offered: 'warning',
  selected: 'success',
  declined: 'subtle',
  withdrawn: 'subtle',
  refused: 'subtle',
  lapsed: 'subtle',
  ended: 'subtle',
} as const;

/**
 * /my-applications: the tutor's applications and their states; an offer to answer (the terms,
 * the deadline, the first lesson); the owner's phone once confirmed.
 */
export function MyApplicationsPage() {
  const styles = useStyles();
  const text = t.cases.myApplications;
  const applied = useListAppliedCases();
  const [failure, setFailure] = useState<string>();
  return (
    <PageShell title={text.title} intro={text.intro}>
      {applied.error && <ErrorBanner message={errorMessage(applied.error, text.loadFailed)} />}
      {failure && <ErrorBanner message={failure} />}
      {!applied.data && !applied.error && <LoadingState />}
      {applied.data?.items.length === 0 && (
        <EmptyState
          title={text.empty}
          action={
            <ButtonLink to={paths.allCases} appearance="primary">
              {text.browse}
            </ButtonLink>
          }
        />
      )}
      {applied.data && applied.data.items.length > 0 && (
        <ul className={styles.list}>
          {applied.data.items.map((item) => {
            const view = caseDisplay(item.case);
            return (
              <li key={item.id}>
                <Card className={styles.card} data-testid="my-application">
                  <div className={styles.head}>
                    <Text size={200} className={styles.muted}>
                      {t.cases.card.caseNumberValue(view.caseNumber)}
                    </Text>
                    <Badge
                      appearance="filled"
                      color={statusColor[item.status as keyof typeof statusColor] ?? 'informative'}
                    >
                      {t.cases.myCases.applicationStatus[item.status] ?? item.status}
                    </Badge>
                  </div>
                  <Text as="h2" size={500} weight="semibold">
                    {view.subject}
                  </Text>
                  <Text>{t.common.factsLine([view.location, view.rate])}</Text>
                  <Text>
                    <span className={styles.muted}>{t.common.labeled(text.availableTimes)}</span>
                    {item.availableTimes}
                  </Text>
                  {item.status === 'offered' && item.offer && (
                    <OfferAnswer item={{ ...item, offer: item.offer }} onAnswered={() => applied.mutate()} />
                  )}
                  {item.offer?.status === 'confirmed' && (
                    <>
                      {item.status === 'selected' && <Text>{matchTerms(item.offer)}</Text>}
                      <div className={styles.actions}>
                        <ButtonLink to={arrangementPath(item.offer.id)} appearance="primary" size="small">
                          {lessonsZhHK.open}
                        </ButtonLink>
                      </div>
                    </>
                  )}
                  {item.ownerContact && (
                    <>
                      <Text>{text.selectedNote}</Text>
                      <ContactLinks name={item.ownerContact.name} phone={item.ownerContact.phone} />
                    </>
                  )}
                  {item.status === 'withdrawn' && <Text className={styles.muted}>{text.withdrawnNote}</Text>}
                  {item.status === 'declined' && <Text className={styles.muted}>{text.declinedNote}</Text>}
                  {item.status === 'refused' && <Text className={styles.muted}>{text.refusedNote}</Text>}
                  {item.status === 'lapsed' && <Text className={styles.muted}>{text.lapsedNote}</Text>}
                  {item.status === 'ended' && <Text className={styles.muted}>{text.endedNote}</Text>}
                  {item.status === 'applied' && (
                    <div className={styles.actions}>
                      <WithdrawApplicationButton
                        applicationId={item.id}
                        caseLabel={t.cases.card.caseNumberValue(view.caseNumber)}
                        onFailed={setFailure}
                        // The shared applied list changes, so the home page's case cards agree.
                        onWithdrawn={(done) =>
                          applied.mutate(
                            (list) =>
                              list && {
                                items: list.items.map((i) => (i.id === done.id ? { ...i, status: done.status } : i)),
                              },
                            { revalidate: true },
                          )
                        }
                      />
                    </div>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </PageShell>
  );
}
