import type { MouseEvent } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'react-router';
import { language, pathInLanguage, rememberLanguage } from '@/i18n/language';
import { t } from '@/i18n/zh-HK';
import { useSession } from '@/session/session';

const useStyles = makeStyles({
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    // As tall as any tap target; narrow, so that the top bar still fits a 375 px phone.
    minWidth: '32px',
    minHeight: '44px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
});

/**
 * Switching to the other language: the same page (path and query) in it. The choice is kept in
 * the browser (the `lang` cookie, which the server reads on a later visit) and, for a member, on
 * the account, so that their SMS and e-mail follow it. The switch reloads the page: the new
 * language's words load with it, and the address names the language.
 */
export function useLanguageSwitch() {
  const location = useLocation();
  const session = useSession();
  const target = language() === 'en' ? 'zh-HK' : 'en';
  // The router's location is below its base (/en): the path as the zh-HK page has it.
  const href = pathInLanguage(`${location.pathname}${location.search}${location.hash}`, target);
  const switchLanguage = async () => {
    rememberLanguage(target);
    if (session.isLoggedIn) {
      // Loaded on the tap, not with the app's start (so the plain function, not a mutation hook).
      // The page changes language whether or not the account could be told.
      await import('@/api/generated/accounts/accounts')
        .then(({ chooseLanguage }) => chooseLanguage({ language: target }))
        .catch(() => undefined);
    }
    window.location.assign(href);
  };
  return { target, href, switchLanguage };
}

/**
 * The language link in the top bar (EN on zh-HK pages, its Chinese twin on English ones). On a phone, a member's top bar is full (modes, the account menu): the
 * account menu carries the switch there instead (AccountMenu).
 */
export function LanguageSwitch() {
  const styles = useStyles();
  const { target, href, switchLanguage } = useLanguageSwitch();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void switchLanguage();
  };
  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      className={styles.link}
      aria-label={t.nav.languageSwitch.label}
      onClick={onClick}
    >
      {t.nav.languageSwitch.text}
    </a>
  );
}
