import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { t } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '880px',
    width: '100%',
    marginInline: 'auto',
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  title: { margin: 0 },
  intro: { color: tokens.colorNeutralForeground2 },
});

/** A page of the member's own area: document title, heading, intro, content. */
export function PageShell({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.root}>
      <title>{t.pageTitle(title)}</title>
      <header className={styles.header}>
        <Text as="h1" size={700} weight="bold" className={styles.title}>
          {title}
        </Text>
        {intro && <Text className={styles.intro}>{intro}</Text>}
      </header>
      {children}
    </section>
  );
}
