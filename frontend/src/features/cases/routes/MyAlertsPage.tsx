import { useState } from 'react';
import { Badge, Button, Card, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { errorMessage } from '@/api/api-error';
import { deleteSavedSearch, updateSavedSearch, useListSavedSearches } from '@/api/generated/cases/cases';
import { AlertChannel, type SavedSearchBody } from '@/api/generated/model';
import { ButtonLink } from '@/components/ButtonLink';
import { EmptyState } from '@/components/EmptyState';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { PageShell } from '@/components/PageShell';
import { SuccessBanner } from '@/components/SuccessBanner';
import { paths } from '@/config/paths';
import { t } from '@/i18n/zh-HK';
import { CaseCardGrid } from '../components/CaseCardGrid';

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
  summary: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  control: { minHeight: '44px' },
  heading: { margin: 0 },
});

/** The request that keeps a saved search as it is but for `channel`. */
function withChannel(search: SavedSearchBody, channel: AlertChannel) {
  const { searchId: _id, summary: _summary, createdAt: _created, ...request } = search;
  return { ...request, channel };
}

/** /my-alerts: a tutor's saved searches (channel, delete) and the open cases they matched lately. */
export function MyAlertsPage() {
  const styles = useStyles();
  const text = t.alerts.page;
  const list = useListSavedSearches();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const change = async (action: () => Promise<unknown>, done?: string) => {
    setNotice(undefined);
    setFailure(undefined);
    try {
      await action();
      if (done) setNotice(done);
    } catch (error) {
      setFailure(errorMessage(error, text.changeFailed));
    } finally {
      await list.mutate();
    }
  };

  const data = list.data;
  // A case several searches matched shows once.
  const matched = data ? [...new Map(data.recentMatches.map((m) => [m.case.caseId, m.case])).values()] : [];
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
                <Card className={styles.card} data-testid="saved-search">
                  <Text as="h2" size={400} weight="semibold" className={styles.summary}>
                    {search.summary}
                  </Text>
                  <div className={styles.actions}>
                    <Select
                      className={styles.control}
                      aria-label={text.channelLabel(search.summary)}
                      value={search.channel}
                      onChange={(_, d) =>
                        void change(() =>
                          updateSavedSearch(search.searchId, withChannel(search, d.value as AlertChannel)),
                        )
                      }
                    >
                      {Object.values(AlertChannel).map((key) => (
                        <option key={key} value={key}>
                          {t.alerts.save.channel_[key]}
                        </option>
                      ))}
                    </Select>
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      className={styles.control}
                      aria-label={text.deleteLabel(search.summary)}
                      onClick={() => void change(() => deleteSavedSearch(search.searchId), text.deleted)}
                    >
                      {text.delete}
                    </Button>
                    <Badge appearance="tint">{t.alerts.save.channel_[search.channel]}</Badge>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Text as="h2" size={500} weight="semibold" className={styles.heading}>
            {text.matchesHeading}
          </Text>
          {matched.length === 0 ? (
            <Text className={styles.muted}>{text.noMatches}</Text>
          ) : (
            <CaseCardGrid items={matched} label={text.matchesHeading} />
          )}
        </>
      )}
    </PageShell>
  );
}
