import { useNavigate } from 'react-router';
import { ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { paths } from '@/config/paths';
import { useMediaQuery } from '@/hooks/use-media-query';
import { t } from '@/i18n/zh-HK';
import { type AccountMode } from '@/session/mode-store';
import { useSession } from '@/session/session';
import { mediaQueries } from '@/styles/breakpoints';

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
 * The parent/tutor selector (spec §4), worded for people (the full words on a wide screen; the
 * short ones on a phone, with the full words as the name): tutor switches to tutor mode only for a
 * tutor; anyone else is taken to the tutor application, which explains how to become one (and
 * says so on hover). Parent always switches back.
 */
export function ModeSelector() {
  const styles = useStyles();
  const navigate = useNavigate();
  const session = useSession();
  const isWide = useMediaQuery(mediaQueries.wide);
  const text = t.accounts.menu;
  const choose = (mode: AccountMode) => {
    if (mode === 'tutor' && !session.isTutor) {
      void navigate(paths.tutorApplication);
      return;
    }
    session.setMode(mode);
  };
  const option = (mode: AccountMode, label: string, short: string, description: string) => (
    <ToggleButton
      aria-label={isWide ? undefined : label}
      size="small"
      shape="rounded"
      appearance={session.mode === mode ? 'primary' : 'subtle'}
      checked={session.mode === mode}
      className={styles.option}
      title={description}
      onClick={() => choose(mode)}
    >
      {isWide ? label : short}
    </ToggleButton>
  );
  return (
    <div role="group" aria-label={text.modeLabel} className={styles.group}>
      {option('student', text.student, text.studentShort, text.studentMode)}
      {option('tutor', text.tutor, text.tutorShort, session.isTutor ? text.tutorMode : text.becomeTutor)}
    </div>
  );
}
