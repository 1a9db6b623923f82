import type { FormEvent, ReactNode } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { errorMessage } from '@/api/api-error';
import { ErrorBanner } from '@/components/ErrorBanner';
import { KeywordBox } from '@/components/KeywordBox';
import { useCatalogue } from '@/lib/catalogue';
import { isFeeRangeValid } from '@/lib/min-rate';
import type { CommonFilters } from '@/lib/search-params';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  fields: {
    display: 'grid',
    gridTemplateColumns: '1fr',
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  searchButton: {
    minWidth: '140px',
    [media.narrow]: { flexGrow: 1 },
  },
});

interface SearchFormProps<F extends CommonFilters> {
  filters: F;
  onChange: (filters: F) => void;
  /** The search button (or Enter), once the fee range is valid: the caller runs the search. */
  onSearch: () => void;
  onReset: () => void;
  /** The form's accessible name. */
  label: string;
  id?: string;
  /** False folds the filters away (phones), leaving the words box and the buttons. */
  showFields?: boolean;
  /** The id of the filters' container, for the button that folds them. */
  fieldsId?: string;
  /** The board's filters, laid out in the form's grid. */
  children: ReactNode;
}

/**
 * A board's search form: a failed catalogue (the filters' options), the words box, the board's
 * filters, and the reset and search buttons. Every board's search starts here.
 */
export function SearchForm<F extends CommonFilters>({
  filters,
  onChange,
  onSearch,
  onReset,
  label,
  id,
  showFields = true,
  fieldsId,
  children,
}: SearchFormProps<F>) {
  const styles = useStyles();
  const catalogue = useCatalogue();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The fee field says what is wrong; the server would only refuse the range.
    if (isFeeRangeValid(filters.minRate, filters.maxRate)) onSearch();
  };
  return (
    <form id={id} className={styles.form} onSubmit={onSubmit} aria-label={label} noValidate>
      {catalogue.error && <ErrorBanner message={errorMessage(catalogue.error, t.common.catalogueFailed)} />}
      <KeywordBox value={filters.q} onChange={(q) => onChange({ ...filters, q })} />
      {showFields && (
        <div id={fieldsId} className={styles.fields}>
          {children}
        </div>
      )}
      <div className={styles.actions}>
        <Button appearance="subtle" icon={<DismissRegular />} type="button" onClick={onReset}>
          {t.filters.reset}
        </Button>
        <Button appearance="primary" icon={<SearchRegular />} type="submit" className={styles.searchButton}>
          {t.filters.search}
        </Button>
      </div>
    </form>
  );
}
