import { useEffect, useRef, useState } from 'react';
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { resumeAlert, unsubscribeAlert } from '@/api/generated/cases/cases';
import { ButtonLink } from '@/components/ButtonLink';
import { LoadingState } from '@/components/LoadingState';
import { PageShell } from '@/components/PageShell';
import { paths } from '@/config/paths';
import { t } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  control: { minHeight: '44px' },
});

type Outcome = { state: 'stopped' | 'resumed'; summary: string } | { state: 'failed'; message: string };

/** A link the server does not know (forged, or its search deleted) says so; anything else may pass. */
function failure(error: unknown): Outcome {
  const text = t.alerts.unsubscribe;
  return { state: 'failed', message: error instanceof ApiError && error.status === 404 ? text.failed : text.error };
}

/**
 * /u/{token}: the stop link of an alert. Opening it stops the alert at once, without a login. The
 * request is sent by the page, not by the link, so an app that only fetches the link for a
 * preview stops nothing; and stopping is undone here (or on the alerts page), in case something
 * ran the page that was not the tutor.
 */
export function UnsubscribePage() {
  const styles = useStyles();
  const text = t.alerts.unsubscribe;
  const { token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>();
  // Sent once, also when React runs the effect twice in development.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    unsubscribeAlert({ token })
      .then((done) => setOutcome({ state: 'stopped', summary: done.summary }))
      .catch((error: unknown) => setOutcome(failure(error)));
  }, [token]);

  const resume = () => {
    resumeAlert({ token })
      .then((done) => setOutcome({ state: 'resumed', summary: done.summary }))
      .catch((error: unknown) => setOutcome(failure(error)));
  };

  return (
    <PageShell title={text.title}>
      {!outcome ? (
        <LoadingState label={text.working} />
      ) : (
        <MessageBar
          intent={outcome.state === 'failed' ? 'error' : 'success'}
          role={outcome.state === 'failed' ? 'alert' : 'status'}
          layout="multiline"
        >
          <MessageBarBody>
            {outcome.state === 'failed'
              ? outcome.message
              : outcome.state === 'stopped'
                ? text.done(outcome.summary)
                : text.resumed(outcome.summary)}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        {outcome?.state === 'stopped' && (
          <Button className={styles.control} onClick={resume}>
            {text.resume}
          </Button>
        )}
        <ButtonLink to={outcome && outcome.state !== 'failed' ? paths.myAlerts : paths.home} appearance="secondary">
          {outcome && outcome.state !== 'failed' ? text.manage : text.home}
        </ButtonLink>
      </div>
    </PageShell>
  );
}
