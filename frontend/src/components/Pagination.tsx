import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';
import { pageItems } from './pagination-items';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
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

/** Page numbers with previous/next; renders nothing for a single page. */
export function Pagination({ page, pageCount, onPageChange, className }: PaginationProps) {
  const styles = useStyles();
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onPageChange(target);
  };
  return (
    <nav aria-label={t.pagination.label} className={mergeClasses(styles.root, className)}>
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        disabled={page <= 1}
        onClick={() => go(page - 1)}
        aria-label={t.pagination.previous}
      >
        <span className={styles.navLabel}>{t.pagination.previous}</span>
      </Button>
      <ul className={styles.list}>
        {pageItems(page, pageCount).map((item) =>
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
