import { useNavigate } from 'react-router';
import { ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { paths } from '@/config/paths';
import { t } from '@/i18n/zh-HK';
import { type AccountMode } from '@/session/mode-store';
import { useSession } from '@/session/session';

const useStyles = makeStyles({
  group: {
    display: 'inline-flex',
    padding: '2px',
    gap: '2px',
    borderRadius: tokens.borderRadiusMedium,
    flexShrink: 0,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  option: { minWidth: 'auto', whiteSpace: 'nowrap', paddingInline: tokens.spacingHorizontalS },
});

/**
 * The student/tutor selector (spec §4): tutor switches to tutor mode only for a tutor; anyone else
 * is taken to the tutor application. Student always switches back.
 */
export function ModeSelector() {
  const styles = useStyles();
  const navigate = useNavigate();
  const session = useSession();
  const text = t.accounts.menu;
  const choose = (mode: AccountMode) => {
    if (mode === 'tutor' && !session.isTutor) {
      void navigate(paths.tutorApplication);
      return;
    }
    session.setMode(mode);
  };
  const option = (mode: AccountMode, label: string, description: string) => (
    <ToggleButton
      size="small"
      shape="rounded"
      appearance={session.mode === mode ? 'primary' : 'subtle'}
      checked={session.mode === mode}
      className={styles.option}
      title={description}
      onClick={() => choose(mode)}
    >
      {label}
    </ToggleButton>
  );
  return (
    <div role="group" aria-label={text.modeLabel} className={styles.group}>
      {option('student', text.student, text.studentMode)}
      {option('tutor', text.tutor, text.tutorMode)}
    </div>
  );
}
