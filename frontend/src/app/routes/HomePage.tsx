import { Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { Tab, TabList } from '@/components/Tabs';
import { Surface } from '@/components/Surface';
import { DocumentAddRegular } from '@fluentui/react-icons';
import { ButtonLink } from '@/components/ButtonLink';
import { homeTabs, paths } from '@/config/paths';
import { PublicCaseList } from '@/features/cases/components/PublicCaseList';
import { LoadingState } from '@/components/LoadingState';
import { TutorSearchPanel } from '@/features/tutors/components/TutorSearchPanel';
import { lazy } from '@/lib/lazy';
import { useSession } from '@/session/session';
import { isWorkingTutor } from '@/session/tutor';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';
import { applyAction } from './apply-action';

// Not on the first screen of a visit: the second tab, the profile form of /profile, and the
// cases picked for a tutor.
const RecommendedCases = lazy(async () => ({
  default: (await import('@/features/matching/components/RecommendedCases')).RecommendedCases,
}));
const CaseSearchTab = lazy(async () => ({
  default: (await import('./CaseSearchTab')).CaseSearchTab,
}));
const ProfileForm = lazy(async () => ({
  default: (await import('@/features/profile/components/ProfileForm')).ProfileForm,
}));

interface SearchTab {
  value: string;
  /** The tab's name, read when shown (the page's catalogue is in place only by then). */
  label: () => string;
  Panel: ComponentType;
}

/**
 * The search panel's tabs (spec §4: 0 find tutors, 1 recruit students). Each panel keeps its own state, so switching tabs clears filters and results.
 */
const searchTabs: readonly SearchTab[] = [
  { value: homeTabs.findTutors, label: () => t.home.tabs.findTutors, Panel: TutorSearchPanel },
  { value: homeTabs.recruitStudents, label: () => t.home.tabs.recruitStudents, Panel: CaseSearchTab },
];

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXXL,
  },
  hero: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  intro: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalS,
    [media.wide]: { paddingTop: tokens.spacingVerticalXL, maxWidth: '720px' },
  },
  eyebrow: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  headline: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground1,
    textWrap: 'balance',
    [media.wide]: { fontSize: tokens.fontSizeHero900, lineHeight: tokens.lineHeightHero900 },
  },
  subheadline: {
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
  },
  panel: {
    padding: tokens.spacingHorizontalL,
    gap: tokens.spacingVerticalL,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
    borderTop: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandBackground}`,
    [media.wide]: { padding: tokens.spacingHorizontalXXL },
  },
});

/** Home; on /profile the profile-edit flag is on and the profile form shows first (spec §2). */
export function HomePage({ profileEdit = false }: { profileEdit?: boolean }) {
  const session = useSession();
  const styles = useStyles();
  // The tab lives in the URL with the words searched on it (`?tab=cases&q=…`), so a reload or a
  // shared link opens the same search; choosing a tab starts it afresh.
  const [params, setParams] = useSearchParams();
  const active = searchTabs.find((tab) => tab.value === params.get('tab')) ?? searchTabs[0];
  const selectTab = (value: string) => {
    setParams(value === homeTabs.findTutors ? {} : { tab: value }, { replace: true });
  };

  return (
    <div className={styles.page}>
      <title>{t.pageTitle()}</title>
      {profileEdit && (
        <Suspense fallback={<LoadingState />}>
          <ProfileForm withAvatar={session.isTutor || session.mode === 'tutor'} />
        </Suspense>
      )}
      <section className={styles.hero} aria-labelledby="home-headline">
        <div className={styles.intro}>
          <Text size={300} className={styles.eyebrow}>
            {t.home.eyebrow}
          </Text>
          <h1 id="home-headline" className={styles.headline}>
            {t.home.headline}
          </h1>
          <Text as="p" className={styles.subheadline}>
            {t.home.subheadline}
          </Text>
          {session.mode !== 'tutor' && (
            <div>
              {/* Logged out, the form's notice leads to login and back (next=/post-case). */}
              <ButtonLink to={paths.postCase} appearance="primary" size="large" icon={<DocumentAddRegular />}>
                {t.home.postCaseFree}
              </ButtonLink>
            </div>
          )}
        </div>
        {/* A tutor's cases picked for them come before the search form: most days that is
            what they came for. Nobody else sees anything here. */}
        {isWorkingTutor(session) && (
          <Suspense fallback={<LoadingState />}>
            <RecommendedCases />
          </Suspense>
        )}
        <Surface className={styles.panel} aria-label={t.home.searchPanelLabel}>
          <TabList
            selectedValue={active?.value}
            onTabSelect={(_, data) => selectTab(String(data.value))}
            aria-label={t.home.searchTabsLabel}
            size="large"
          >
            {searchTabs.map((tab) => (
              <Tab key={tab.value} value={tab.value} id={`search-tab-${tab.value}`}>
                {tab.label()}
              </Tab>
            ))}
          </TabList>
          {active && (
            <div role="tabpanel" aria-labelledby={`search-tab-${active.value}`}>
              {/* Keyed per tab: leaving a tab drops its filters at once, even while the next tab's
                  code is still loading (an unkeyed boundary would keep the old panel, hidden). */}
              <Suspense key={active.value} fallback={<LoadingState />}>
                <active.Panel />
              </Suspense>
            </div>
          )}
        </Surface>
      </section>
      <PublicCaseList applyAction={applyAction} />
    </div>
  );
}
