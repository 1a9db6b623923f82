import type { ReactNode } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { Surface } from '@/components/Surface';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    width: '100%',
    maxWidth: '460px',
    marginInline: 'auto',
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  title: { margin: 0 },
  intro: { color: tokens.colorNeutralForeground3 },
  card: {
    padding: tokens.spacingHorizontalL,
    gap: tokens.spacingVerticalL,
    [media.wide]: { padding: tokens.spacingHorizontalXXL },
  },
});

interface AuthPageShellProps {
  title: string;
  intro?: string;
  children: ReactNode;
}

/** The narrow, centred card every account screen uses (login, register, passwords). */
export function AuthPageShell({ title, intro, children }: AuthPageShellProps) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <title>{t.pageTitle(title)}</title>
      <header className={styles.header}>
        <Text as="h1" size={700} weight="bold" className={styles.title}>
          {title}
        </Text>
        {intro && <Text className={styles.intro}>{intro}</Text>}
      </header>
      <Surface className={styles.card}>{children}</Surface>
    </div>
  );
}
