import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Surface } from '@/components/Surface';
import { CheckmarkRegular, SendRegular } from '@fluentui/react-icons';
import { errorMessage } from '@/api/api-error';
import { useInviteTutor, useListSuggestedTutors } from '@/api/generated/cases/cases';
import type { SuggestedTutor } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { t } from '@/i18n/zh-HK';
import { TutorAvatar } from '@/components/TutorAvatar';
import { tutorDisplay } from '@/lib/tutor-display';
import { fitLine } from './RecommendedCases';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  tutor: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalXS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  name: { flexGrow: 1 },
  fit: { color: tokens.colorBrandForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
});

/**
 * The tutors who may suit the owner of an open case: the tutors the server found to fit best, why, and
 * an invitation to apply that texts the tutor the case's link. The limits are the server's; its
 * refusal (already invited, a limit, invitations turned off) shows as it says it.
 */
export function SuggestedTutors({ caseId }: { caseId: number }) {
  const styles = useStyles();
  const text = t.cases.suggested;
  const list = useListSuggestedTutors(caseId);
  const inviteTutor = useInviteTutor(caseId);
  // Kept by hand rather than `inviteTutor.isMutating`: it names the tutor invited, and lasts until
  // the list has been read again too.
  const [busy, setBusy] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const invite = async (tutorId: string) => {
    setBusy(tutorId);
    setFailure(undefined);
    try {
      await inviteTutor.trigger({ tutorId });
    } catch (error) {
      setFailure(errorMessage(error, text.inviteFailed));
    } finally {
      // Refetched either way: a refusal may mean the tutor was invited or turned invitations off.
      await list.mutate();
      setBusy(undefined);
    }
  };

  return (
    <section className={styles.root} aria-labelledby={`suggested-${caseId}`} data-testid="suggested-tutors">
      <Text as="h3" size={400} weight="semibold" id={`suggested-${caseId}`} className={styles.heading}>
        {text.heading}
      </Text>
      <Text size={200} className={styles.muted}>
        {text.hint}
      </Text>
      {failure && <ErrorBanner message={failure} />}
      {list.error ? (
        <ErrorBanner message={errorMessage(list.error, t.common.loadFailed)} />
      ) : !list.data ? (
        <LoadingState />
      ) : list.data.items.length === 0 ? (
        <Text className={styles.muted}>{text.empty}</Text>
      ) : (
        <ul className={styles.list}>
          {list.data.items.map((item) => (
            <li key={item.tutor.id}>
              <SuggestedTutorCard item={item} busy={busy} onInvite={() => invite(item.tutor.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SuggestedTutorCard({
  item,
  busy,
  onInvite,
}: {
  item: SuggestedTutor;
  busy: string | undefined;
  onInvite: () => Promise<void>;
}) {
  const styles = useStyles();
  const text = t.cases.suggested;
  const view = tutorDisplay(item.tutor);
  return (
    <Surface className={styles.tutor} data-testid="suggested-tutor">
      <div className={styles.head}>
        <TutorAvatar tutor={item.tutor} />
        <Text weight="semibold" className={styles.name}>
          {view.name}
        </Text>
      </div>
      <Text size={300}>{t.common.factsLine([view.subjects, view.location, view.rate])}</Text>
      <Text size={300} className={styles.fit}>
        {fitLine(item.reasons)}
      </Text>
      <div className={styles.actions}>
        <ButtonLink to={`/tutor/${item.tutor.userId}`} appearance="secondary" size="small">
          {t.cases.myCases.viewProfile}
        </ButtonLink>
        {item.invited ? (
          <Text className={styles.muted}>
            <CheckmarkRegular aria-hidden /> {text.invited}
          </Text>
        ) : item.acceptsInvitations ? (
          <Button
            appearance="primary"
            size="small"
            icon={<SendRegular />}
            disabled={busy !== undefined}
            aria-label={text.inviteLabel(view.name)}
            onClick={() => void onInvite()}
          >
            {busy === item.tutor.id ? text.inviting : text.invite}
          </Button>
        ) : (
          <Text className={styles.muted}>{text.notTaking}</Text>
        )}
      </div>
    </Surface>
  );
}
