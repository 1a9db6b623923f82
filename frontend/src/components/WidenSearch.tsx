import useSWR from 'swr';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { t } from '@/i18n/zh-HK';
import type { Widening } from '@/lib/search-widening';

interface WidenSearchProps<F> {
  /** Which board the filters are of: the counts are kept under it. */
  board: 'cases' | 'tutors';
  options: readonly Widening<F>[];
  /** How many results a search finds (one small request each). */
  count: (filters: F) => Promise<number>;
  countText: (total: number) => string;
  onChoose: (filters: F) => void;
}

const SHOWN = 3;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  options: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  option: { width: '100%', justifyContent: 'space-between', textAlign: 'start' },
});

/**
 * After a search that found nothing: which single filter to drop finds something, with how
 * much it finds, each one tap away (the most finding first). The counts are asked only then.
 */
export function WidenSearch<F>({ board, options, count, countText, onChoose }: WidenSearchProps<F>) {
  const styles = useStyles();
  const key = options.length > 0 ? ['widen', board, JSON.stringify(options.map((option) => option.filters))] : null;
  // A count that fails leaves its option out, not the others.
  const counts = useSWR(
    key,
    async () =>
      (await Promise.allSettled(options.map((option) => count(option.filters)))).map((result) =>
        result.status === 'fulfilled' ? result.value : 0,
      ),
    { revalidateOnFocus: false },
  );
  if (!counts.data) return null;
  const found = options
    .map((option, index) => ({ ...option, total: counts.data?.[index] ?? 0 }))
    .filter((option) => option.total > 0)
    .sort((a, b) => b.total - a.total)
    .slice(0, SHOWN);
  if (found.length === 0) return null;
  return (
    <section className={styles.root} aria-labelledby="widen-search-heading">
      <Text as="h3" size={400} weight="semibold" id="widen-search-heading">
        {t.filters.widen.heading}
      </Text>
      <ul className={styles.options}>
        {found.map((option) => (
          <li key={option.label}>
            <Button className={styles.option} appearance="secondary" onClick={() => onChoose(option.filters)}>
              {t.filters.widen.drop(option.label, countText(option.total))}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
