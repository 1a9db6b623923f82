import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useMediaQuery } from '@/hooks/use-media-query';
import { t } from '@/i18n/zh-HK';
import { media, mediaQueries } from '@/styles/breakpoints';
import { pageItems } from './pagination-items';

const useStyles = makeStyles({
  // One line at any width: on a phone the pager shows fewer page numbers rather than wrap
  // its ">" onto a line of its own (issue 34).
  root: {
    display: 'flex',
    flexWrap: 'nowrap',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalXS,
    paddingBlock: tokens.spacingVerticalL,
  },
  list: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  page: {
    minWidth: '36px',
    [media.narrow]: { paddingInline: tokens.spacingHorizontalXS },
  },
  // Icon only on a phone: Fluent's 96 px minimum for a labelled button would not fit beside the pages.
  nav: {
    flexShrink: 0,
    [media.narrow]: { minWidth: '44px', paddingInline: tokens.spacingHorizontalXS },
  },
  gap: {
    minWidth: '20px',
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
  navLabel: {
    [media.narrow]: {
      display: 'none',
    },
  },
});

interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
}

/**
 * Page numbers with previous/next, on one line; renders nothing for a single page. On a phone,
 * the first, the current and the last page (1 … 6 … 20); on a wider screen one more either side.
 */
export function Pagination({ page, pageCount, onPageChange, className }: PaginationProps) {
  const styles = useStyles();
  const isWide = useMediaQuery(mediaQueries.wide);
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onPageChange(target);
  };
  return (
    <nav aria-label={t.pagination.label} className={mergeClasses(styles.root, className)}>
      <Button
        appearance="subtle"
        className={styles.nav}
        icon={<ChevronLeftRegular />}
        disabled={page <= 1}
        onClick={() => go(page - 1)}
        aria-label={t.pagination.previous}
      >
        <span className={styles.navLabel}>{t.pagination.previous}</span>
      </Button>
      <ul className={styles.list}>
        {pageItems(page, pageCount, isWide ? 1 : 0).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className={styles.gap} aria-hidden>
              <Text>…</Text>
            </li>
          ) : (
            <li key={item.page}>
              <Button
                className={styles.page}
                appearance={item.page === page ? 'primary' : 'subtle'}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={t.pagination.page(item.page)}
                onClick={() => go(item.page)}
              >
                {item.page}
              </Button>
            </li>
          ),
        )}
      </ul>
      <Button
        appearance="subtle"
        className={styles.nav}
        icon={<ChevronRightRegular />}
        iconPosition="after"
        disabled={page >= pageCount}
        onClick={() => go(page + 1)}
        aria-label={t.pagination.next}
      >
        <span className={styles.navLabel}>{t.pagination.next}</span>
      </Button>
    </nav>
  );
}
