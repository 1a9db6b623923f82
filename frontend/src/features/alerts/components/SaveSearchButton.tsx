import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { errorMessage, fieldErrors } from '@/api/api-error';
import { useCreateSavedSearch } from '@/api/generated/cases/cases';
import { AlertChannel } from '@/api/generated/model';
import { RouterLink } from '@/components/RouterLink';
import { paths } from '@/config/paths';
import { alertsZhHK } from '@/i18n/alerts-zh-HK';
import { t } from '@/i18n/zh-HK';
import { useCatalogue } from '@/lib/catalogue';
import { useSession } from '@/session/session';
import type { CaseFilters } from '@/lib/case-filters';
import { hasActiveTutorProfile } from '@/session/tutor';
import { filterWords, toSavedSearchRequest } from '../lib/saved-search';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
  button: { minHeight: '44px' },
});

/**
 * The notify-me button beside the board's results, for an active tutor: saves the applied filters (and
 * keywords, at first the words searched) as a saved search with SMS or e-mail alerts. The rules are the server's.
 */
export function SaveSearchButton({ filters }: { filters: CaseFilters }) {
  const styles = useStyles();
  const text = alertsZhHK.save;
  const session = useSession();
  const catalogue = useCatalogue();
  const [open, setOpen] = useState(false);
  const [keywords, setKeywords] = useState('');
  const [channel, setChannel] = useState<AlertChannel>(AlertChannel.sms);
  // Its key is the alerts list's, which only /my-alerts reads: nothing on screen here is read again.
  const create = useCreateSavedSearch();
  const [result, setResult] = useState<{ ok: boolean; message: string; keywords?: string }>();
  if (!hasActiveTutorProfile(session.user)) return null;
  const words = filterWords(filters, catalogue.data);

  const save = async () => {
    try {
      await create.trigger(toSavedSearchRequest(filters, keywords, channel));
      setResult({ ok: true, message: text.saved });
      setKeywords('');
    } catch (error) {
      const fields = fieldErrors(error);
      setResult({
        ok: false,
        message: text.failed(errorMessage(error, text.unknownReason)),
        keywords: fields?.keywords,
      });
    }
  };

  return (
    <div>
      <Dialog
        open={open}
        onOpenChange={(_, data) => {
          setOpen(data.open);
          // The words searched become the alert's keywords: they find cases the same way.
          if (data.open) setKeywords(filters.q.trim());
          else setResult(undefined);
        }}
      >
        <DialogTrigger disableButtonEnhancement>
          <Button icon={<AlertRegular />} className={styles.button}>
            {text.open}
          </Button>
        </DialogTrigger>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogContent className={styles.content}>
              {result?.ok ? (
                <MessageBar intent="success" role="status" layout="multiline">
                  <MessageBarBody>
                    {result.message}{' '}
                    <RouterLink to={paths.myAlerts} inline>
                      {text.manage}
                    </RouterLink>
                  </MessageBarBody>
                </MessageBar>
              ) : (
                <>
                  <Field label={text.filters}>
                    <Text>{words.length > 0 ? t.common.factsLine(words) : text.noFilters}</Text>
                  </Field>
                  <Field
                    label={text.keywords}
                    hint={text.keywordsHint}
                    validationState={result?.keywords ? 'error' : 'none'}
                    validationMessage={result?.keywords}
                  >
                    <Input
                      value={keywords}
                      onChange={(_, data) => {
                        setKeywords(data.value);
                        setResult(undefined);
                      }}
                    />
                  </Field>
                  <Field label={text.channel}>
                    <RadioGroup
                      value={channel}
                      layout="horizontal"
                      onChange={(_, data) => setChannel(data.value as AlertChannel)}
                    >
                      {Object.values(AlertChannel).map((key) => (
                        <Radio key={key} value={key} label={text.channel_[key]} />
                      ))}
                    </RadioGroup>
                  </Field>
                  <Text size={200} className={styles.muted}>
                    {text.rules}
                  </Text>
                  {result && !result.keywords && (
                    <MessageBar intent="error" role="alert" layout="multiline">
                      <MessageBarBody>{result.message}</MessageBarBody>
                    </MessageBar>
                  )}
                </>
              )}
            </DialogContent>
            <DialogActions>
              <DialogTrigger disableButtonEnhancement>
                <Button appearance="secondary">{result?.ok ? text.close : text.cancel}</Button>
              </DialogTrigger>
              {!result?.ok && (
                <Button appearance="primary" disabled={create.isMutating} onClick={() => void save()}>
                  {create.isMutating ? text.saving : text.submit}
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
