import { useState } from 'react';
import { Badge, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SuccessBanner } from '@/components/SuccessBanner';
import { Navigate } from 'react-router';
import { errorMessage } from '@/api/api-error';
import { useGetSelfUser } from '@/api/generated/accounts/accounts';
import type { TutorApplicationView } from '@/api/generated/model';
import { useGetMyTutorApplication } from '@/api/generated/tutors/tutors';
import { tokenStore } from '@/api/token-store';
import { ButtonLink } from '@/components/ButtonLink';
import { DetailCard, DetailPage } from '@/components/DetailLayout';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { RouterLink } from '@/components/RouterLink';
import { paths } from '@/config/paths';
import { useRedirectAfter } from '@/hooks/use-redirect-after';
import { formatDate } from '@/i18n/format';
import { t } from '@/i18n/zh-HK';
import { useCatalogue } from '@/lib/catalogue';
import { TutorApplicationForm } from '../components/TutorApplicationForm';

/** The success message promises home after 2 s. */
const APPLIED_REDIRECT_MS = 2000;

const useStyles = makeStyles({
  title: { margin: 0 },
  stateHeader: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

const badgeColor = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

function ApplicationState({ application }: { application: TutorApplicationView }) {
  const styles = useStyles();
  const a = t.tutors.application;
  const status = application.status as keyof typeof badgeColor;
  const note = status === 'pending' ? a.pendingNote : status === 'approved' ? a.approvedNote : a.rejectedNote;
  return (
    <DetailCard testId="application-state">
      <div className={styles.stateHeader}>
        <Text as="h2" size={500} weight="semibold" className={styles.title}>
          {a.stateTitle}
        </Text>
        <Badge appearance="filled" color={badgeColor[status] ?? 'informative'}>
          {application.statusLabel}
        </Badge>
      </div>
      <Text className={styles.muted}>
        {a.applicationLine(application.applicationId, formatDate(application.submittedAt) ?? '')}
      </Text>
      <Text>{note}</Text>
      {application.rejectionReason && <Text weight="semibold">{a.reason(application.rejectionReason)}</Text>}
    </DetailCard>
  );
}

/** /tutor-application (login required): the applicant's current state and, when allowed, the form. */
export function TutorApplicationPage() {
  const styles = useStyles();
  const a = t.tutors.application;
  const loggedIn = tokenStore.getAuthToken() !== null;
  const me = useGetSelfUser({ swr: { enabled: loggedIn } });
  const mine = useGetMyTutorApplication({ swr: { enabled: loggedIn } });
  const catalogue = useCatalogue();
  const [submitted, setSubmitted] = useState(false);
  useRedirectAfter(submitted, paths.home, APPLIED_REDIRECT_MS);

  if (!loggedIn) return <Navigate to={paths.loginOrRegister} replace />;
  const error = me.error ?? mine.error;
  const application = mine.data?.application;
  const blocked = application?.status === 'pending' || me.data?.isTutor === true;

  return (
    <DetailPage>
      <title>{t.pageTitle(a.title)}</title>
      <Text as="h1" size={800} weight="bold" className={styles.title}>
        {a.title}
      </Text>
      {error ? (
        <ErrorBanner message={errorMessage(error, t.common.loadFailed)} />
      ) : !me.data || !mine.data ? (
        <LoadingState />
      ) : (
        <>
          {application && <ApplicationState application={application} />}
          {me.data.isTutor && me.data.isTutorProfileActive && (
            <ButtonLink to={`/tutor/${me.data.userId}`} appearance="secondary">
              {a.viewProfile}
            </ButtonLink>
          )}
          {submitted ? (
            <SuccessBanner message={a.success}>
              {' '}
              <RouterLink to={paths.home} inline>
                {a.homeNow}
              </RouterLink>
            </SuccessBanner>
          ) : (
            !blocked && (
              <DetailCard>
                <Text>{a.intro}</Text>
                <TutorApplicationForm
                  userId={me.data.id}
                  account={me.data}
                  catalogue={catalogue.data}
                  onSubmitted={() => {
                    setSubmitted(true);
                    void mine.mutate();
                  }}
                />
              </DetailCard>
            )
          )}
        </>
      )}
    </DetailPage>
  );
}
