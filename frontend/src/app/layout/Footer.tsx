import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { RouterLink } from '@/components/RouterLink';
import { paths } from '@/config/paths';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';

const useStyles = makeStyles({
  footer: {
    marginTop: 'auto',
    backgroundColor: tokens.colorNeutralBackground3,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    '@media print': { display: 'none' },
  },
  inner: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxWidth: '1200px',
    marginInline: 'auto',
    paddingBlock: tokens.spacingVerticalXL,
    paddingInline: tokens.spacingHorizontalL,
    [media.wide]: {
      flexDirection: 'row',
      alignItems: 'center',
      justifyContent: 'space-between',
      paddingInline: tokens.spacingHorizontalXXL,
    },
  },
  brand: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground3,
  },
  links: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  // A tap target of 44 px on a phone, though the text is small.
  link: { display: 'inline-flex', alignItems: 'center', minHeight: '44px' },
});

export function Footer() {
  const styles = useStyles();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Text size={200}>{t.footer.blurb}</Text>
          <Text size={200}>{t.footer.copyright}</Text>
        </div>
        <nav aria-label={t.footer.label}>
          <ul className={styles.links}>
            <li>
              <RouterLink to={paths.terms} className={styles.link}>
                {t.footer.terms}
              </RouterLink>
            </li>
            <li>
              <RouterLink to={paths.privacy} className={styles.link}>
                {t.footer.privacy}
              </RouterLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
