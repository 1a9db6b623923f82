import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { ButtonLink } from '@/components/ButtonLink';
import { RouterLink } from '@/components/RouterLink';
import { paths } from '@/config/paths';
import { t } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalL,
    paddingBlock: tokens.spacingVerticalXXXL,
    maxWidth: '520px',
    marginInline: 'auto',
  },
  code: {
    fontSize: tokens.fontSizeHero1000,
    lineHeight: tokens.lineHeightHero1000,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground2,
  },
  title: { margin: 0 },
  body: { margin: 0, color: tokens.colorNeutralForeground2, textWrap: 'balance' },
});

/** Any unknown route (the spec leaves it open). */
export function NotFoundPage() {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="not-found">
      <title>{t.pageTitle(t.notFound.title)}</title>
      <Text className={styles.code} aria-hidden>
        {t.notFound.code}
      </Text>
      <Text as="h1" size={700} weight="bold" className={styles.title}>
        {t.notFound.title}
      </Text>
      <Text as="p" size={400} align="center" className={styles.body}>
        {t.notFound.body}
      </Text>
      <ButtonLink to={paths.home} appearance="primary" size="large" icon={<ArrowLeftRegular />}>
        {t.notFound.backHome}
      </ButtonLink>
      <RouterLink to={paths.allCases}>{t.notFound.browseCases}</RouterLink>
    </div>
  );
}
