import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SuccessBanner } from '@/components/SuccessBanner';
import { useSWRConfig } from 'swr';
import { bannerError, errorMessage, fieldErrors } from '@/api/api-error';
import { getGetSelfUserKey, useGetMe, useUpdateUser } from '@/api/generated/accounts/accounts';
import type { CurrentUser, ProfileJson } from '@/api/generated/model';
import { apiFetch } from '@/api/mutator';
import { AvatarPicker } from '@/components/AvatarPicker';
import { ErrorBanner } from '@/components/ErrorBanner';
import { LoadingState } from '@/components/LoadingState';
import { SmsCodeVerification } from '@/components/SmsCodeVerification';
import { profileZhHK } from '@/i18n/profile-zh-HK';
import { media } from '@/styles/breakpoints';
import { displayNameProblem } from '@/lib/display-name';
import { localPhone } from '@/lib/phone';
import { isPhoneChanged, profileFormErrors } from '../lib/phone-change';
import { OrgDocumentsResubmission } from './OrgDocumentsResubmission';
import { OrgVerificationStatus } from './OrgVerificationStatus';
import { useFormFeedback } from '@/hooks/use-form-feedback';

/** Spec §9: refetch 2 s after a successful update. */
const REFRESH_MS = 2000;

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '560px',
    width: '100%',
    marginInline: 'auto',
  },
  title: { margin: 0 },
  card: {
    padding: tokens.spacingHorizontalL,
    gap: tokens.spacingVerticalM,
    [media.wide]: { padding: tokens.spacingHorizontalXXL },
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/**
 * Sends the change: multipart when an avatar goes with it (profile screen), JSON otherwise
 * (through `sendJson`, the update hook's trigger). The multipart form carries the phone only
 * when it changed (and was verified). A changed phone goes with the token its verification
 * answered: the server's grant is bound to it.
 */
async function saveProfile(
  sendJson: (body: ProfileJson) => Promise<CurrentUser>,
  id: string,
  name: string,
  phone: string,
  phoneChanged: boolean,
  verificationToken: string | null,
  avatar: File | null,
): Promise<CurrentUser> {
  const token = phoneChanged && verificationToken ? { verificationToken } : {};
  if (!avatar) return sendJson({ name, phone, ...token });
  // Not the hook: the generated client sends any body as JSON, so the avatar's multipart goes
  // through apiFetch itself.
  const body = new FormData();
  body.append('name', name);
  if (phoneChanged) body.append('phone', phone);
  if (token.verificationToken) body.append('verificationToken', token.verificationToken);
  body.append('avatar', avatar);
  return apiFetch<CurrentUser>(`/users/${id}`, { method: 'PUT', body });
}

/**
 * Name and phone, loaded from the current user (spec §2), plus an avatar for tutors on the
 * profile screen. A changed phone needs the SMS verification of spec §4 before it can be
 * submitted; the server refuses an unverified one too.
 */
export function ProfileForm({ withAvatar }: { withAvatar: boolean }) {
  const styles = useStyles();
  const { formRef, revealAfter } = useFormFeedback();
  const p = profileZhHK.edit;
  const me = useGetMe();
  const { mutate } = useSWRConfig();
  const [name, setName] = useState<string | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; phone?: string; avatar?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // The JSON change; its id is the account's, known once it has loaded (no save before).
  const update = useUpdateUser(me.data?.id ?? '', { request: { headers: { 'Content-Type': 'application/json' } } });
  // Kept by hand rather than `update.isMutating`: a change with an avatar is sent without the hook.
  const [saving, setSaving] = useState(false);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [documentsResubmitted, setDocumentsResubmitted] = useState(false);
  // What verify-code answered for the new phone, in memory only (never in storage): the
  // server checks the grant itself, for the holder of this token.
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const phoneVerified = verificationToken !== null;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => {
      setSaved(false);
      setName(null);
      setPhone(null);
      setVerificationToken(null);
      // The picked avatar stays on screen until the account answers with the stored one, so
      // the old picture never flashes back as if the upload had failed.
      void me.mutate().then(() => setAvatar(null));
      void mutate(getGetSelfUserKey());
    }, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [saved, me, mutate]);

  if (me.error) return <ErrorBanner message={errorMessage(me.error, p.loadFailed)} />;
  if (!me.data) return <LoadingState />;
  const current = me.data;
  const nameValue = name ?? current.name;
  const phoneValue = phone ?? localPhone(current.phone);
  const phoneChanged = isPhoneChanged(phoneValue, current.phone);
  // The server's name rules as the person types; the rest when saving.
  const nameMessage = errors.name ?? displayNameProblem(nameValue, 'typing');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = profileFormErrors({ name: nameValue, phone: phoneValue, phoneChanged, phoneVerified }, p);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await saveProfile(
        update.trigger,
        current.id,
        nameValue.trim(),
        phoneValue.trim(),
        phoneChanged,
        verificationToken,
        withAvatar ? avatar : null,
      );
      setSaved(true);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(fields);
      // Each error once: the name's, phone's and avatar's messages under them, the banner for the rest.
      setFailure(bannerError(error, ['name', 'phone', 'avatar'], p.failed) ?? null);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className={styles.card}>
      <OrgVerificationStatus user={current} />
      {documentsResubmitted && <SuccessBanner message={profileZhHK.orgVerification.resubmit.done} />}
      {current.userType === 'organization' && current.orgVerification === 'rejected' && (
        <OrgDocumentsResubmission
          onResubmitted={(user) => {
            setDocumentsResubmitted(true);
            void me.mutate(user, { revalidate: false });
            void mutate(getGetSelfUserKey());
          }}
        />
      )}
      <Text>{p.intro}</Text>
      {failure && <ErrorBanner message={failure} />}
      {saved && <SuccessBanner message={p.success} />}
      <form ref={formRef} className={styles.form} onSubmit={revealAfter(onSubmit)} noValidate aria-label={p.title}>
        <Field
          label={p.name}
          hint={p.nameHint}
          required
          validationState={nameMessage ? 'error' : 'none'}
          validationMessage={nameMessage}
        >
          <Input
            value={nameValue}
            onChange={(_, data) => {
              setName(data.value);
              setErrors({ ...errors, name: undefined });
            }}
          />
        </Field>
        <Field
          label={p.phone}
          required
          hint={phoneChanged ? p.phoneChangedNote : undefined}
          validationState={errors.phone ? 'error' : 'none'}
          validationMessage={errors.phone}
        >
          <Input
            value={phoneValue}
            inputMode="tel"
            onChange={(_, data) => {
              setPhone(data.value);
              setVerificationToken(null);
              setErrors({ ...errors, phone: undefined });
            }}
          />
        </Field>
        {phoneChanged && phoneValue.trim() !== '' && (
          <SmsCodeVerification
            phone={localPhone(phoneValue)}
            phoneInvalid={Boolean(errors.phone) && errors.phone !== p.verifyFirst}
            verified={phoneVerified}
            onVerified={(token) => {
              setVerificationToken(token);
              setErrors({ ...errors, phone: undefined });
            }}
            phoneTakenMessage={p.phoneTaken}
          />
        )}
        {withAvatar && (
          <AvatarPicker
            label={p.avatar}
            hint={p.avatarHint}
            file={avatar}
            currentSrc={current.avatar}
            error={errors.avatar}
            onChange={(file) => {
              setAvatar(file);
              setErrors((before) => ({ ...before, avatar: undefined }));
            }}
            onRefused={(message) => setErrors((before) => ({ ...before, avatar: message }))}
          />
        )}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={saving}>
            {saving ? p.saving : p.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}
