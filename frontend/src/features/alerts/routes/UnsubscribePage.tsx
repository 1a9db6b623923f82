import { useEffect, useRef, useState } from 'react';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { useUnsubscribeAlert } from '@/api/generated/cases/cases';
import { ButtonLink } from '@/components/ButtonLink';
import { LoadingState } from '@/components/LoadingState';
import { PageShell } from '@/components/PageShell';
import { paths } from '@/config/paths';
import { alertsZhHK } from '@/i18n/alerts-zh-HK';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

type Outcome = { stopped: true; summary: string } | { stopped: false; message: string };

/** A link the server does not know (forged, or its search deleted) says so; anything else may pass. */
function failure(error: unknown): Outcome {
  const text = alertsZhHK.unsubscribe;
  return { stopped: false, message: error instanceof ApiError && error.status === 404 ? text.failed : text.error };
}

/**
 * /u/{token}: the stop link of an alert. Opening it stops the alert at once, without a login. The
 * request is sent by the page, not by the link, so an app that only fetches the link for a
 * preview stops nothing; and the search is stopped, not deleted, so the tutor can resume it on
 * the alerts page (logged in: the link itself cannot turn alerts back on).
 */
export function UnsubscribePage() {
  const styles = useStyles();
  const text = alertsZhHK.unsubscribe;
  const { token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>();
  const { trigger: unsubscribe } = useUnsubscribeAlert();
  // Sent once, also when React runs the effect twice in development.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    unsubscribe({ token })
      .then((done) => setOutcome({ stopped: true, summary: done.summary }))
      .catch((error: unknown) => setOutcome(failure(error)));
  }, [token, unsubscribe]);

  return (
    <PageShell title={text.title}>
      {!outcome ? (
        <LoadingState label={text.working} />
      ) : (
        <MessageBar
          intent={outcome.stopped ? 'success' : 'error'}
          role={outcome.stopped ? 'status' : 'alert'}
          layout="multiline"
        >
          <MessageBarBody>{outcome.stopped ? text.done(outcome.summary) : outcome.message}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <ButtonLink to={outcome?.stopped ? paths.myAlerts : paths.home} appearance="secondary">
          {outcome?.stopped ? text.manage : text.home}
        </ButtonLink>
      </div>
    </PageShell>
  );
}
