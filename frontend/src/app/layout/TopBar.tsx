import { Suspense } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { BriefcaseRegular, DocumentAddRegular, PersonRegular } from '@fluentui/react-icons';
import { ButtonLink } from '@/components/ButtonLink';
import { paths } from '@/config/paths';
import { useLinkNavigation } from '@/hooks/use-link-navigation';
import { t } from '@/i18n/zh-HK';
import { useMediaQuery } from '@/hooks/use-media-query';
import { lazy } from '@/lib/lazy';
import { media, mediaQueries } from '@/styles/breakpoints';
import { useSession } from '@/session/session';
import { LanguageSwitch } from './LanguageSwitch';

// A member's controls (the menu and its popover, the mode switch) load once a member is logged in:
// a visitor's first page carries none of their code (docs/adr/0076-public-pages-under-150-kib.md).
const AccountMenu = lazy(async () => ({ default: (await import('./AccountMenu')).AccountMenu }));
const ModeSelector = lazy(async () => ({ default: (await import('./ModeSelector')).ModeSelector }));

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
    // A printed page (a receipt) is the page alone.
    '@media print': { display: 'none' },
  },
  inner: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    maxWidth: '1200px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalM,
    minHeight: '56px',
    [media.wide]: { paddingInline: tokens.spacingHorizontalXXL, minHeight: '64px' },
  },
  logo: {
    display: 'flex',
    alignItems: 'center',
    minHeight: '44px',
    gap: tokens.spacingHorizontalS,
    marginInlineEnd: 'auto',
    textDecorationLine: 'none',
    color: tokens.colorBrandForeground1,
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  wordmark: {
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '-0.02em',
    [media.wide]: { fontSize: tokens.fontSizeBase600 },
  },
  tagline: {
    display: 'none',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    [media.wide]: { display: 'inline' },
  },
  nav: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    [media.wide]: { gap: tokens.spacingHorizontalS },
  },
  navButton: {
    whiteSpace: 'nowrap',
    [media.narrow]: { paddingInline: tokens.spacingHorizontalS, minWidth: 'auto' },
  },
});

/**
 * Logo, the all-cases button, then (spec §2) either the login/register link, or the
 * post-case button (student mode only), the student/tutor selector and the account settings menu.
 */
export function TopBar() {
  const styles = useStyles();
  const home = useLinkNavigation(paths.home);
  const isWide = useMediaQuery(mediaQueries.wide);
  const session = useSession();
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <a href={home.href} onClick={home.onClick} className={styles.logo} aria-label={t.nav.homeLabel}>
          <span className={styles.wordmark}>{t.brand.name}</span>
          <span className={styles.tagline}>{t.brand.tagline}</span>
        </a>
        <nav aria-label={t.nav.mainLabel} className={styles.nav}>
          {(isWide || !session.isLoggedIn) && <LanguageSwitch />}
          <ButtonLink
            to={paths.allCases}
            appearance="subtle"
            icon={isWide ? <BriefcaseRegular /> : undefined}
            className={styles.navButton}
          >
            {t.nav.allCases}
          </ButtonLink>
          {session.isLoggedIn && session.mode === 'student' && (
            <ButtonLink
              to={paths.postCase}
              appearance="subtle"
              icon={<DocumentAddRegular />}
              aria-label={isWide ? undefined : t.accounts.menu.postCase}
              className={styles.navButton}
            >
              {isWide ? t.accounts.menu.postCase : undefined}
            </ButtonLink>
          )}
          {session.isLoggedIn ? (
            <Suspense fallback={null}>
              <ModeSelector />
              <AccountMenu compact={!isWide} className={styles.navButton} />
            </Suspense>
          ) : (
            <ButtonLink
              to={paths.loginOrRegister}
              appearance="primary"
              icon={isWide ? <PersonRegular /> : undefined}
              className={styles.navButton}
            >
              {t.nav.loginOrRegister}
            </ButtonLink>
          )}
        </nav>
      </div>
    </header>
  );
}
