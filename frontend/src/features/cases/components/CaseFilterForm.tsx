import type { FormEvent } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { errorMessage } from '@/api/api-error';
import { ErrorBanner } from '@/components/ErrorBanner';
import { KeywordBox } from '@/components/KeywordBox';
import { useCatalogue } from '@/lib/catalogue';
import { isFeeRangeValid } from '@/lib/min-rate';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';
import type { CaseFilters } from '@/lib/case-filters';
import { CaseFilterFields } from './CaseFilterFields';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
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

interface CaseFilterFormProps {
  filters: CaseFilters;
  onChange: (filters: CaseFilters) => void;
  /** The search button (or Enter): the caller runs the server-side search. */
  onSearch: () => void;
  onReset: () => void;
  variant: 'home' | 'all-cases';
  label: string;
  id?: string;
  /** False folds the filters away (phones), leaving the words box and the buttons. */
  showFields?: boolean;
  /** The id of the filters' container, for the button that folds them. */
  fieldsId?: string;
}

/** The words box, the case filters with their options from GET /catalogue, and the reset and
 * search buttons. */
export function CaseFilterForm({
  filters,
  onChange,
  onSearch,
  onReset,
  variant,
  label,
  id,
  showFields = true,
  fieldsId,
}: CaseFilterFormProps) {
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
        <div id={fieldsId}>
          <CaseFilterFields catalogue={catalogue.data} filters={filters} onChange={onChange} variant={variant} />
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
