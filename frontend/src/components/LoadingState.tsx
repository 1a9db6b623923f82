import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { t } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    justifyContent: 'center',
    paddingBlock: tokens.spacingVerticalXXL,
  },
});

export function LoadingState({ label = t.common.loading }: { label?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Spinner size="medium" label={label} labelPosition="below" />
    </div>
  );
}
