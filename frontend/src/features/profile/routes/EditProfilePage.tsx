import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useSWRConfig } from 'swr';
import { ApiError, errorMessage } from '@/api/api-error';
import { getGetSelfUserKey, updateUser, useGetMe } from '@/api/generated/accounts/accounts';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { t } from '@/i18n/zh-HK';
import { media } from '@/styles/breakpoints';

/** Spec §9: refetch 2 s after a successful update. */
const REFRESH_MS = 2000;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '560px', width: '100%', marginInline: 'auto' },
  title: { margin: 0 },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM, [media.wide]: { padding: tokens.spacingHorizontalXXL } },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** "+85291234567" -> "91234567", as people type it in Hong Kong. */
function localPhone(e164: string): string {
  return e164.replace(/^\+852/, '');
}

/**
 * /edit-profile: name and phone, loaded from the current user (spec §2). A changed phone
 * needs the SMS verification of spec §4 before it can be submitted; the server refuses an
 * unverified one too.
 */
export function EditProfilePage() {
  const styles = useStyles();
  const p = t.profileEdit;
  const me = useGetMe();
  const { mutate } = useSWRConfig();
  const [name, setName] = useState<string | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => {
      setSaved(false);
      setName(null);
      setPhone(null);
      void me.mutate();
      void mutate(getGetSelfUserKey());
    }, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [saved, me, mutate]);

  if (me.error) return <ErrorBanner message={errorMessage(me.error, p.loadFailed)} />;
  if (!me.data) return <LoadingState />;
  const current = me.data;
  const nameValue = name ?? current.name;
  const phoneValue = phone ?? localPhone(current.phone);
  const phoneChanged = phoneValue.replace(/[\s-]/g, '') !== localPhone(current.phone);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: { name?: string; phone?: string } = {};
    if (nameValue.trim() === '') found.name = p.nameRequired;
    if (phoneValue.trim() === '') found.phone = p.phoneRequired;
    else if (phoneChanged) found.phone = p.verifyFirst;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await updateUser(current.id, { name: nameValue.trim(), phone: phoneValue.trim() }, { headers: { 'Content-Type': 'application/json' } });
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.body?.errors) {
        setErrors(Object.fromEntries(error.body.errors.map((e) => [e.field, e.message])));
      }
      setFailure(errorMessage(error, p.failed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.page}>
      <title>{t.pageTitle(p.title)}</title>
      <Text as="h1" size={800} weight="bold" className={styles.title}>
        {p.title}
      </Text>
      <Card className={styles.card}>
        <Text>{p.intro}</Text>
        {failure && <ErrorBanner message={failure} />}
        {saved && (
          <MessageBar intent="success" role="status">
            <MessageBarBody>{p.success}</MessageBarBody>
          </MessageBar>
        )}
        <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={p.title}>
          <Field label={p.name} hint={p.nameHint} required validationState={errors.name ? 'error' : 'none'} validationMessage={errors.name}>
            <Input value={nameValue} onChange={(_, data) => { setName(data.value); setErrors({ ...errors, name: undefined }); }} />
          </Field>
          <Field
            label={p.phone}
            required
            hint={phoneChanged ? p.phoneChangedNote : undefined}
            validationState={errors.phone ? 'error' : 'none'}
            validationMessage={errors.phone}
          >
            <Input value={phoneValue} inputMode="tel" onChange={(_, data) => { setPhone(data.value); setErrors({ ...errors, phone: undefined }); }} />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={saving}>
              {saving ? p.saving : p.save}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
