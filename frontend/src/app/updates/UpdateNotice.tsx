import { useEffect, useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { zhHK } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  bar: { borderRadius: 0, paddingInline: tokens.spacingHorizontalL },
});

interface Props {
  container?: ServiceWorkerContainer | undefined;
  reload?: () => void;
}

/**
 * Says so when a new version of the app has taken over while this page was open (the service
 * worker activates at once), and offers to reload; the page keeps working until then. Nothing
 * shows on the first visit, when there was no version before.
 */
export function UpdateNotice({ container = navigator.serviceWorker, reload = () => window.location.reload() }: Props) {
  const styles = useStyles();
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    if (!container?.controller) return;
    const onChange = () => setUpdated(true);
    container.addEventListener('controllerchange', onChange);
    return () => container.removeEventListener('controllerchange', onChange);
  }, [container]);
  if (!updated) return null;
  const text = zhHK.pwa.updated;
  return (
    <MessageBar intent="info" className={styles.bar} role="status">
      <MessageBarBody>{text.message}</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" size="small" onClick={reload}>
          {text.reload}
        </Button>
        <Button appearance="subtle" size="small" onClick={() => setUpdated(false)}>
          {text.dismiss}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
