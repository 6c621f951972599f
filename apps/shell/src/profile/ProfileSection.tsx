import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Avatar, Col, Flex, Form, Input, Row, Typography, theme } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { PROFILE_LIMITS, displayName, initials, type Profile } from '@aide/contracts';
import { useT } from '../i18n';
import { formItemProps } from './formItem';
import { SectionCard } from './SectionCard';
import type { ProfileSectionProps } from './sectionProps';

/** Name, bio and location; the avatar and heading follow the name as it is typed. */
export function ProfileSection({ control, errors, idFor, profile }: ProfileSectionProps & { profile: Profile }) {
  const t = useT();
  const { token } = theme.useToken();
  const [firstName, lastName] = useWatch({ control, name: ['firstName', 'lastName'] });
  const person = { firstName: firstName.trim() || null, lastName: lastName.trim() || null, email: profile.email };
  const emailId = useId();
  const item = (name: Parameters<typeof idFor>[0]) => formItemProps(errors, idFor, name);

  return (
    <SectionCard
      id="profile"
      title={t('profile.section.title')}
      description={t('profile.section.description')}
      icon={<UserOutlined />}
    >
      <Flex align="center" gap={token.margin} style={{ marginBottom: token.marginLG }}>
        <Avatar
          size={64}
          src={profile.profileImageUrl ?? undefined}
          alt=""
          style={{ background: token.colorPrimary, fontSize: token.fontSizeHeading4, flex: 'none' }}
        >
          {initials(person)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ display: 'block', fontSize: token.fontSizeLG }} ellipsis>
            {displayName(person)}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
            {profile.email}
          </Typography.Text>
        </div>
      </Flex>

      <Row gutter={token.margin}>
        <Col xs={24} sm={12}>
          <Form.Item label={t('profile.firstName')} required {...item('firstName')}>
            <Controller
              name="firstName"
              control={control}
              render={({ field }) => <Input {...field} id={idFor('firstName')} autoComplete="given-name" />}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('profile.lastName')} required {...item('lastName')}>
            <Controller
              name="lastName"
              control={control}
              render={({ field }) => <Input {...field} id={idFor('lastName')} autoComplete="family-name" />}
            />
          </Form.Item>
        </Col>
      </Row>

      <Form.Item label={t('profile.email')} htmlFor={emailId} extra={t('profile.emailHint')}>
        <Input id={emailId} value={profile.email} readOnly disabled />
      </Form.Item>

      <Form.Item label={t('profile.bio')} {...item('bio')}>
        <Controller
          name="bio"
          control={control}
          render={({ field }) => (
            <Input.TextArea
              {...field}
              value={field.value ?? ''}
              id={idFor('bio')}
              placeholder={t('profile.bioPlaceholder')}
              autoSize={{ minRows: 3, maxRows: 8 }}
              showCount
              maxLength={PROFILE_LIMITS.bio}
            />
          )}
        />
      </Form.Item>

      <Form.Item label={t('profile.location')} {...item('location')} style={{ marginBottom: 0 }}>
        <Controller
          name="location"
          control={control}
          render={({ field }) => (
            <Input
              {...field}
              value={field.value ?? ''}
              id={idFor('location')}
              placeholder={t('profile.locationPlaceholder')}
              maxLength={PROFILE_LIMITS.location}
              autoComplete="address-level2"
            />
          )}
        />
      </Form.Item>
    </SectionCard>
  );
}
