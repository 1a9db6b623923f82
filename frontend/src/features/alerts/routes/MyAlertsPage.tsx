import { useMemo, useState } from 'react';
import { Badge, Button, Card, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, PlayRegular } from '@fluentui/react-icons';
import { bannerError, errorMessage, fieldErrors } from '@/api/api-error';
import {
  useDeleteSavedSearch,
  useListSavedSearches,
  useResumeSavedSearch,
  useUpdateSavedSearch,
} from '@/api/generated/cases/cases';
import { AlertChannel, type SavedSearchBody, type SavedSearchRequest } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { PageShell } from '@/components/PageShell';
import { SuccessBanner } from '@/components/SuccessBanner';
import { paths } from '@/config/paths';
import { alertsZhHK } from '@/i18n/alerts-zh-HK';
import type { CaseAction } from '@/components/CaseCard';
import { CaseCardGrid } from '@/components/CaseCardGrid';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  summary: { margin: 0, flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'flex-end' },
  grow: { flexGrow: 1, minWidth: '200px' },
  control: { minHeight: '44px' },
  heading: { margin: 0 },
});

/** The request that keeps a saved search as it is but for `changes`. */
function requestOf(search: SavedSearchBody, changes: Partial<SavedSearchRequest>): SavedSearchRequest {
  const { searchId: _id, summary: _summary, createdAt: _created, stopped: _stopped, ...request } = search;
  return { ...request, ...changes };
}

/**
 * /my-alerts: a tutor's saved searches (keywords, channel, resume, delete) and the open cases they
 * matched lately; `applyAction` is matching's, passed in by src/app.
 */
export function MyAlertsPage({ applyAction }: { applyAction: CaseAction }) {
  const styles = useStyles();
  const text = alertsZhHK.page;
  const list = useListSavedSearches();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();

  /** Runs a change, then shows its outcome and the list as the server has it. */
  const change = async (action: () => Promise<unknown>, done: string) => {
    setNotice(undefined);
    setFailure(undefined);
    try {
      await action();
      setNotice(done);
    } catch (error) {
      // Each error once: refused keywords show under their field (the card's), not again up here.
      setFailure(bannerError(error, ['keywords'], text.changeFailed));
      throw error;
    } finally {
      await list.mutate();
    }
  };

  const data = list.data;
  // A case several searches matched shows once; the same array while the answer stays, so that
  // the memoized cards (CaseCardGrid) are not built again.
  const matched = useMemo(
    () => (data ? [...new Map(data.recentMatches.map((m) => [m.case.caseId, m.case])).values()] : []),
    [data],
  );
  return (
    <PageShell title={text.title} intro={text.intro}>
      {notice && <SuccessBanner message={notice} />}
      {failure && <ErrorBanner message={failure} />}
      {list.error && <ErrorBanner message={errorMessage(list.error, text.loadFailed)} />}
      {!data && !list.error && <LoadingState />}
      {data && data.items.length === 0 && (
        <EmptyState
          title={text.empty}
          hint={text.emptyHint}
          action={
            <ButtonLink to={paths.allCases} appearance="primary">
              {text.browse}
            </ButtonLink>
          }
        />
      )}
      {data && data.items.length > 0 && (
        <>
          <Text className={styles.muted}>
            {text.count(data.items.length, data.max)} {text.rules}
          </Text>
          <ul className={styles.list} aria-label={text.listLabel}>
            {data.items.map((search) => (
              <li key={search.searchId}>
                <SavedSearchCard search={search} change={change} />
              </li>
            ))}
          </ul>
          <Text as="h2" size={500} weight="semibold" className={styles.heading}>
            {text.matchesHeading}
          </Text>
          {matched.length === 0 ? (
            <Text className={styles.muted}>{text.noMatches}</Text>
          ) : (
            <CaseCardGrid items={matched} label={text.matchesHeading} action={applyAction} />
          )}
        </>
      )}
    </PageShell>
  );
}

interface SavedSearchCardProps {
  search: SavedSearchBody;
  change: (action: () => Promise<unknown>, done: string) => Promise<void>;
}

/** One saved search: what it looks for, its keywords and channel to change, resume if stopped, delete. */
function SavedSearchCard({ search, change }: SavedSearchCardProps) {
  const styles = useStyles();
  const text = alertsZhHK.page;
  const [keywords, setKeywords] = useState(search.keywords);
  const [keywordsError, setKeywordsError] = useState<string>();
  const update = useUpdateSavedSearch(search.searchId);
  const resume = useResumeSavedSearch(search.searchId);
  const remove = useDeleteSavedSearch(search.searchId);
  // Kept by hand rather than the hooks' `isMutating`: every control waits until the list has been
  // read again too, not only while a change is sent.
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await change(action, done);
    } catch (error) {
      setKeywordsError(fieldErrors(error)?.keywords);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.card} data-testid="saved-search">
      <div className={styles.head}>
        <Text as="h2" size={400} weight="semibold" className={styles.summary}>
          {search.summary}
        </Text>
        {search.stopped && (
          <Badge appearance="tint" color="warning">
            {text.stopped}
          </Badge>
        )}
      </div>
      <div className={styles.row}>
        <Field
          className={styles.grow}
          label={text.keywordsLabel(search.summary)}
          hint={text.keywordsHint}
          validationState={keywordsError ? 'error' : 'none'}
          validationMessage={keywordsError}
        >
          <Input
            className={styles.control}
            value={keywords}
            onChange={(_, d) => {
              setKeywords(d.value);
              setKeywordsError(undefined);
            }}
          />
        </Field>
        <Button
          className={styles.control}
          disabled={busy || keywords.trim() === search.keywords}
          onClick={() => void run(() => update.trigger(requestOf(search, { keywords })), text.saved)}
        >
          {text.saveKeywords}
        </Button>
      </div>
      <div className={styles.row}>
        <Select
          className={styles.control}
          aria-label={text.channelLabel(search.summary)}
          value={search.channel}
          disabled={busy}
          onChange={(_, d) =>
            void run(() => update.trigger(requestOf(search, { channel: d.value as AlertChannel })), text.saved)
          }
        >
          {Object.values(AlertChannel).map((key) => (
            <option key={key} value={key}>
              {alertsZhHK.save.channel_[key]}
            </option>
          ))}
        </Select>
        {search.stopped && (
          <Button
            className={styles.control}
            icon={<PlayRegular />}
            disabled={busy}
            onClick={() => void run(() => resume.trigger(), text.resumed)}
          >
            {text.resume}
          </Button>
        )}
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          className={styles.control}
          disabled={busy}
          aria-label={text.deleteLabel(search.summary)}
          onClick={() => void run(() => remove.trigger(), text.deleted)}
        >
          {text.delete}
        </Button>
      </div>
    </Card>
  );
}
