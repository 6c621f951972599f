import { useEffect, useId } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Col, Flex, Form, Row, Typography, theme } from 'antd';
import { LogoutOutlined, SaveOutlined } from '@ant-design/icons';
import { isUnauthorizedError } from '@aide/api-client';
import type { Profile } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { PageHeader } from '@aide/ui';
import { useThemePreference } from '../theme/theme-store';
import { AccountDataCard } from './account-data/AccountDataCard';
import { AuthenticationRequired } from './AuthenticationRequired';
import { NotificationsSection } from './NotificationsSection';
import { PreferencesSection } from './PreferencesSection';
import { ProfileSection } from './ProfileSection';
import { ProfileSkeleton } from './ProfileSkeleton';
import { SecuritySection } from './SecuritySection';
import { AccountSecurity } from './security/AccountSecurity';
import { signOut } from './signOut';
import { profileFormSchema, toFormValues, type ProfileFormPayload, type ProfileFormValues } from './profileForm';
import { errorDetail } from '@aide/api-client';
import { useProfile, useUpdateProfile } from './useProfile';
import { t as translate, useT } from '../i18n';

export default function ProfilePage() {
  const t = useT();
  const { token } = theme.useToken();
  const profileQuery = useProfile();
  const profile = profileQuery.data;

  let body;
  if (profileQuery.isPending) body = <ProfileSkeleton />;
  else if (profileQuery.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('profile.loadFailed')}
        description={errorDetail(profileQuery.error)}
        action={
          <Button size="small" onClick={() => void profileQuery.refetch()} loading={profileQuery.isFetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else if (!profile) return <AuthenticationRequired />;
  else body = <ProfileForm profile={profile} />;

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      {body}
      {profile ? <AccountSecurity /> : null}
    </Flex>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const t = useT();
  const { token } = theme.useToken();
  const { toast, user } = useHost();
  const setThemePreference = useThemePreference((s) => s.setPreference);
  const updateProfile = useUpdateProfile();

  const {
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues, unknown, ProfileFormPayload>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toFormValues(profile),
  });

  // After a save the refetched profile becomes the new baseline (what 'Discard' goes back to).
  useEffect(() => reset(toFormValues(profile)), [profile, reset]);

  const baseId = useId();
  const idFor = (name: FieldPath<ProfileFormValues>) => `${baseId}-${name}`;
  const sectionProps = { control, errors, idFor };

  const submit = handleSubmit(async (payload) => {
    if (updateProfile.isPending) return;
    try {
      await updateProfile.mutateAsync(payload);
      // The saved theme is also the one this browser shows from now on.
      if (payload.theme) setThemePreference(payload.theme);
      // Spec §8 texts; in the language just saved (setLocale has switched it by now).
      toast({ title: translate('profile.saved') });
    } catch (error) {
      // A 401 is already announced by the shell, which sends the user to sign in.
      if (isUnauthorizedError(error)) return;
      toast({ title: translate('profile.saveFailed'), description: errorDetail(error), variant: 'destructive' });
    }
  });

  return (
    <Row gutter={[token.marginLG, token.marginLG]} align="top">
      <Col xs={24} lg={16}>
        <Form layout="vertical" onFinish={() => void submit()} aria-label={t('profile.formLabel')}>
          <Flex vertical gap={token.marginLG}>
            <ProfileSection {...sectionProps} profile={profile} />
            <PreferencesSection {...sectionProps} />
            <NotificationsSection {...sectionProps} />
            <Flex justify="flex-end" align="center" gap={token.marginSM} wrap>
              {isDirty ? (
                <Typography.Text type="secondary" role="status">
                  {t('profile.unsaved')}
                </Typography.Text>
              ) : null}
              <Button disabled={!isDirty || updateProfile.isPending} onClick={() => reset(toFormValues(profile))}>
                {t('profile.discard')}
              </Button>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={updateProfile.isPending}>
                {t('profile.save')}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Col>
      <Col xs={24} lg={8}>
        <Flex vertical gap={token.marginLG}>
          <SecuritySection user={user} />
          <AccountDataCard />
          <Card>
            <Flex justify="space-between" align="center" gap={token.margin} wrap>
              <div>
                <Typography.Text strong style={{ display: 'block' }}>
                  {t('profile.signOutTitle')}
                </Typography.Text>
                <Typography.Text type="secondary">{t('profile.signOutHint')}</Typography.Text>
              </div>
              <Button icon={<LogoutOutlined />} onClick={signOut}>
                {t('profile.signOut')}
              </Button>
            </Flex>
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}
