import { useState } from 'react';
import { Card, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { errorMessage } from '@/api/api-error';
import { useGetInvitationSettings, useUpdateInvitationSettings } from '@/api/generated/cases/cases';
import { ErrorBanner } from '@/components/ErrorBanner';
import { profileZhHK } from '@/i18n/profile-zh-HK';
import { t } from '@/i18n/zh-HK';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  title: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** A tutor's switch for owners' invitations to apply (each one an SMS); on until turned off. */
export function InvitationSwitch() {
  const styles = useStyles();
  const text = profileZhHK.invitations;
  const settings = useGetInvitationSettings();
  // Its key is the settings read's: the answer goes into that read, which is not fetched again.
  const update = useUpdateInvitationSettings({ swr: { revalidate: false } });
  const [failure, setFailure] = useState<string>();

  const change = async (accepting: boolean) => {
    setFailure(undefined);
    try {
      await settings.mutate(await update.trigger({ accepting }), { revalidate: false });
    } catch (error) {
      setFailure(errorMessage(error, text.saveFailed));
    }
  };

  return (
    <Card className={styles.card} data-testid="invitation-settings">
      <Text as="h2" size={500} weight="semibold" className={styles.title}>
        {text.title}
      </Text>
      {settings.error && <ErrorBanner message={errorMessage(settings.error, t.common.loadFailed)} />}
      {failure && <ErrorBanner message={failure} />}
      <Switch
        label={text.label}
        checked={settings.data?.accepting ?? false}
        disabled={!settings.data || update.isMutating}
        onChange={(_, data) => void change(data.checked)}
      />
      <Text size={200} className={styles.hint}>
        {text.hint}
      </Text>
    </Card>
  );
}
