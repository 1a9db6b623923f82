import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { profileZhHK } from '@/i18n/profile-zh-HK';
import { t } from '@/i18n/zh-HK';
import { useSession } from '@/session/session';
import { hasActiveTutorProfile } from '@/session/tutor';
import { InvitationSwitch } from '../components/InvitationSwitch';
import { ProfileForm } from '../components/ProfileForm';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '560px',
    width: '100%',
    marginInline: 'auto',
  },
  title: { margin: 0 },
});

/** /edit-profile: the personal information form (name and phone), and a tutor's invitation switch. */
export function EditProfilePage() {
  const styles = useStyles();
  const { user } = useSession();
  return (
    <div className={styles.page}>
      <title>{t.pageTitle(profileZhHK.edit.title)}</title>
      <Text as="h1" size={800} weight="bold" className={styles.title}>
        {profileZhHK.edit.title}
      </Text>
      <ProfileForm withAvatar={false} />
      {hasActiveTutorProfile(user) && <InvitationSwitch />}
    </div>
  );
}
