import { useEffect, useRef, useState } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useParams } from 'react-router';
import { unsubscribeAlert } from '@/api/generated/cases/cases';
import { ButtonLink } from '@/components/ButtonLink';
import { LoadingState } from '@/components/LoadingState';
import { PageShell } from '@/components/PageShell';
import { paths } from '@/config/paths';
import { t } from '@/i18n/zh-HK';

/**
 * /u/{token}: the stop link of an alert. Opening it stops the alert at once, without a login.
 * The request is sent by the page, not by the link itself, so a messaging app that fetches the
 * link for a preview does not stop anything.
 */
export function UnsubscribePage() {
  const text = t.alerts.unsubscribe;
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  // Sent once, also when React runs the effect twice in development.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    unsubscribeAlert({ token })
      .then((done) => setResult({ ok: true, message: text.done(done.summary) }))
      .catch(() => setResult({ ok: false, message: text.failed }));
  }, [token, text]);

  return (
    <PageShell title={text.title}>
      {!result ? (
        <LoadingState label={text.working} />
      ) : (
        <MessageBar intent={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'} layout="multiline">
          <MessageBarBody>{result.message}</MessageBarBody>
        </MessageBar>
      )}
      <div>
        <ButtonLink to={result?.ok ? paths.myAlerts : paths.home} appearance="secondary">
          {result?.ok ? text.manage : text.home}
        </ButtonLink>
      </div>
    </PageShell>
  );
}
