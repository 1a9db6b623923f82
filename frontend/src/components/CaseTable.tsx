import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { CaseSummary } from '@/api/generated/model';
import type { CaseAction } from '@/components/CaseCard';
import { Highlighted } from '@/components/Highlighted';
import { RouterLink } from '@/components/RouterLink';
import { casePath } from '@/config/paths';
import { t } from '@/i18n/zh-HK';
import { caseDisplay } from '@/lib/case-display';

const useStyles = makeStyles({
  wrapper: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow2,
  },
  table: {
    minWidth: '720px',
  },
  headerRow: {
    backgroundColor: tokens.colorNeutralBackground2,
  },
  headerCell: {
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
  },
  caseNumberColumn: { width: '104px' },
  rateColumn: { width: '120px' },
  dateColumn: { width: '148px' },
  actionColumn: { width: '132px' },
  caseNumber: { fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground2 },
  subject: { fontWeight: tokens.fontWeightSemibold },
  /** The title under the subject, when words were typed: often where they were found. */
  title: { fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground2 },
  rate: {
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    fontVariantNumeric: 'tabular-nums',
  },
  date: { color: tokens.colorNeutralForeground2 },
  actionCell: {
    paddingBlock: tokens.spacingVerticalS,
  },
});

interface CaseTableProps {
  items: readonly CaseSummary[];
  words?: readonly string[];
  action?: CaseAction;
}

/** Cases as a table (wide screens): case number, subject, location, fee per lesson, posted time, action. */
export function CaseTable({ items, words = [], action }: CaseTableProps) {
  const styles = useStyles();
  return (
    <div className={styles.wrapper}>
      <Table className={styles.table} aria-label={t.cases.allCases.tableLabel}>
        <TableHeader>
          <TableRow className={styles.headerRow}>
            <TableHeaderCell className={styles.caseNumberColumn}>
              <span className={styles.headerCell}>{t.cases.card.caseNumber}</span>
            </TableHeaderCell>
            <TableHeaderCell>
              <span className={styles.headerCell}>{t.cases.card.subject}</span>
            </TableHeaderCell>
            <TableHeaderCell>
              <span className={styles.headerCell}>{t.cases.card.location}</span>
            </TableHeaderCell>
            <TableHeaderCell className={styles.rateColumn}>
              <span className={styles.headerCell}>{t.cases.card.rate}</span>
            </TableHeaderCell>
            <TableHeaderCell className={styles.dateColumn}>
              <span className={styles.headerCell}>{t.cases.card.createdAt}</span>
            </TableHeaderCell>
            <TableHeaderCell className={styles.actionColumn}>
              <span className={styles.headerCell}>{t.cases.card.action}</span>
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => {
            const view = caseDisplay(item);
            return (
              <TableRow key={item.id} data-testid="case-row">
                <TableCell className={styles.caseNumber}>{view.caseNumber}</TableCell>
                <TableCell className={styles.subject}>
                  <RouterLink to={casePath(item.caseId)}>
                    <Highlighted text={view.subject} words={words} />
                  </RouterLink>
                  {words.length > 0 && item.postTitle && (
                    <div className={styles.title}>
                      <Highlighted text={item.postTitle} words={words} />
                    </div>
                  )}
                </TableCell>
                <TableCell>
                  <Highlighted text={view.location} words={words} />
                </TableCell>
                <TableCell className={styles.rate}>{view.rate}</TableCell>
                <TableCell className={styles.date}>{view.createdAt}</TableCell>
                <TableCell className={styles.actionCell}>{action?.(item, 'small')}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
