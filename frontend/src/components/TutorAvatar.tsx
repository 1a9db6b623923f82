import { Avatar, type AvatarProps } from '@fluentui/react-components';
import type { PublicTutor } from '@/api/generated/model';
import { t } from '@/i18n/zh-HK';
import { tutorInitial, tutorName } from '@/lib/tutor-display';

/** The tutor's avatar, or the first letter of the name on a colour when there is none. */
export function TutorAvatar({ tutor, size = 56 }: { tutor: Partial<PublicTutor>; size?: AvatarProps['size'] }) {
  const name = tutorName(tutor);
  return (
    <Avatar
      size={size}
      name={name}
      initials={tutorInitial(tutor)}
      color="colorful"
      image={tutor.avatar ? { src: tutor.avatar, alt: t.tutors.card.avatarLabel(name) } : undefined}
      aria-label={t.tutors.card.avatarLabel(name)}
    />
  );
}
