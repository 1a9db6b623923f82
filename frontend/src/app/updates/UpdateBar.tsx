import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { t } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  bar: { borderRadius: 0, paddingInline: tokens.spacingHorizontalL },
});

/** The update notice's bar (UpdateNotice.tsx): a new version is here, reload or not. */
export function UpdateBar({ reload, dismiss }: { reload: () => void; dismiss: () => void }) {
  const styles = useStyles();
  const text = t.pwa.updated;
  return (
    <MessageBar intent="info" className={styles.bar}>
      <MessageBarBody>{text.message}</MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" size="small" onClick={reload}>
          {text.reload}
        </Button>
        <Button appearance="subtle" size="small" onClick={dismiss}>
          {text.dismiss}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
