import { useNavigate } from 'react-router';
import {
  Button,
  Menu,
  MenuDivider,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import {
  AlertRegular,
  BriefcaseRegular,
  CalendarRegular,
  DocumentBulletListRegular,
  EditRegular,
  KeyRegular,
  LocalLanguageRegular,
  PersonCircleRegular,
  SignOutRegular,
} from '@fluentui/react-icons';
import { paths } from '@/config/paths';
import { t } from '@/i18n/zh-HK';
import { useSession } from '@/session/session';
import { hasActiveTutorProfile } from '@/session/tutor';
import { useLanguageSwitch } from './LanguageSwitch';

/** Account settings: edit profile, change password, log out (spec §2). Icon only on phones. */
export function AccountMenu({ compact, className }: { compact: boolean; className?: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const text = t.accounts.menu;
  const other = useLanguageSwitch();
  const onLogout = async () => {
    await session.logout();
    void navigate(paths.home);
  };
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<PersonCircleRegular />}
          aria-label={compact ? text.accountSettings : undefined}
          className={className}
        >
          {compact ? undefined : text.accountSettings}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {session.user && <MenuGroupHeader>{text.greeting(session.user.name)}</MenuGroupHeader>}
          <MenuItem icon={<DocumentBulletListRegular />} onClick={() => void navigate(paths.myCases)}>
            {t.nav.myCases}
          </MenuItem>
          {/* Applications are a tutor's: a parent's menu does not offer them. */}
          {session.isTutor && (
            <MenuItem icon={<BriefcaseRegular />} onClick={() => void navigate(paths.myApplications)}>
              {t.nav.myApplications}
            </MenuItem>
          )}
          {/* A tutor pays the service fee of a match: invoices are theirs too. */}
          {session.isTutor && (
            <MenuItem icon={<DocumentBulletListRegular />} onClick={() => void navigate(paths.myInvoices)}>
              {t.nav.myInvoices}
            </MenuItem>
          )}
          {hasActiveTutorProfile(session.user) && (
            <MenuItem icon={<AlertRegular />} onClick={() => void navigate(paths.myAlerts)}>
              {t.nav.myAlerts}
            </MenuItem>
          )}
          <MenuItem icon={<CalendarRegular />} onClick={() => void navigate(paths.myBookings)}>
            {t.nav.myBookings}
          </MenuItem>
          <MenuDivider />
          <MenuItem icon={<EditRegular />} onClick={() => void navigate(paths.editProfile)}>
            {text.editProfile}
          </MenuItem>
          <MenuItem icon={<KeyRegular />} onClick={() => void navigate(paths.changePassword)}>
            {text.changePassword}
          </MenuItem>
          <MenuDivider />
          {compact && (
            // A phone's top bar has no room for the switch beside the menu: it is here.
            <MenuItem icon={<LocalLanguageRegular />} lang={other.target} onClick={() => void other.switchLanguage()}>
              {t.nav.languageSwitch.label}
            </MenuItem>
          )}
          <MenuItem icon={<SignOutRegular />} onClick={() => void onLogout()}>
            {text.logout}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
