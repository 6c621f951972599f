/**
 * /email-test (spec: 'Debug Email Test Page', a debug page with a fake email dialog): compose a
 * message that never leaves the browser, see it in the real detail dialog (HTML sanitised into the
 * sandboxed frame) and read what triage makes of it (POST /api/emails/classify; nothing is stored).
 */
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Card,
  Col,
  Collapse,
  Dropdown,
  Flex,
  Form,
  Input,
  Row,
  Spin,
  Tag,
  Typography,
  theme,
} from 'antd';
import { DownOutlined, ExperimentOutlined, EyeOutlined, MailOutlined } from '@ant-design/icons';
import { isUnauthorizedError } from '@aide/api-client';
import { classifyEmailSchema, text, type Email, type EmailTriage } from '@aide/contracts';
import { useHost } from '@aide/module-kit';
import { PageHeader, useFormFields } from '@aide/ui';
import { EmailDetailDialog } from '../shared/EmailDetailDialog';
import { serverMessage } from '../shared/emailText';
import { useT } from '../i18n';
import { CATEGORY_COLORS, PRIORITY_COLORS } from '../shared/labels';
import { htmlToText, sanitizeEmailHtml } from '../shared/sanitizeEmailHtml';
import { useClassifyEmail } from '../email/useEmails';
import { EMAIL_TEST_SAMPLES, type EmailTestValues } from './samples';

/** Examples of what the technical fields take; the same in every language. */
const EXAMPLE_FROM = '"Ada Lovelace" <ada@example.com>';
const EXAMPLE_HTML = '<p>Hello <b>there</b></p>';

/** The fake email's fields: the classifier's own limits, plus an optional HTML part. */
const testSchema = classifyEmailSchema.extend({ htmlBody: text('HTML', 100_000).default('') });

const BLANK: EmailTestValues = { from: '', subject: '', body: '', htmlBody: '' };

type Verdict =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'done'; triage: EmailTriage }
  | { state: 'failed'; message: string };

/** The composed message as the detail dialog shows an email. */
function fakeEmail(values: EmailTestValues, to: string, triage: EmailTriage | null): Email {
  const html = values.htmlBody.trim();
  return {
    id: 0,
    integrationId: null,
    subject: values.subject,
    from: values.from,
    to,
    cc: null,
    body: values.body.trim() || (html ? htmlToText(html) : ''),
    htmlBody: html || null,
    priority: triage?.priority ?? 'regular',
    category: triage?.category ?? null,
    isRead: true,
    isArchived: false,
    isAutoResponded: false,
    receivedAt: new Date().toISOString(),
    attachments: [],
    metadata: {},
  };
}

function VerdictView({ verdict }: { verdict: Verdict }) {
  const t = useT();
  const { token } = theme.useToken();
  if (verdict.state === 'idle') return <Typography.Text type="secondary">{t('test.noVerdict')}</Typography.Text>;
  if (verdict.state === 'pending') {
    return (
      <Flex align="center" gap={token.marginXS} role="status">
        <Spin size="small" />
        <Typography.Text type="secondary">{t('test.classifying')}</Typography.Text>
      </Flex>
    );
  }
  if (verdict.state === 'failed')
    return <Alert type="error" showIcon title={t('test.classifyFailed')} description={verdict.message} />;
  return (
    <Flex wrap align="center" gap={token.marginXS} role="group" aria-label={t('test.verdict')}>
      <Typography.Text type="secondary">{t('common.priority')}</Typography.Text>
      <Tag color={PRIORITY_COLORS[verdict.triage.priority]} style={{ marginInlineEnd: token.marginSM }}>
        {t(`priority.${verdict.triage.priority}`)}
      </Tag>
      <Typography.Text type="secondary">{t('common.category')}</Typography.Text>
      <Tag color={CATEGORY_COLORS[verdict.triage.category]} variant="outlined" style={{ marginInlineEnd: 0 }}>
        {t(`category.${verdict.triage.category}`)}
      </Tag>
    </Flex>
  );
}

/** Above the message in the dialog: what it is, and the verdict in one line. */
function VerdictBanner({ verdict }: { verdict: Verdict }) {
  const t = useT();
  const title = t('test.banner');
  if (verdict.state === 'failed')
    return (
      <Alert
        type="warning"
        showIcon
        title={title}
        description={t('test.classifyFailedWith', { message: verdict.message })}
      />
    );
  return (
    <Alert
      type="info"
      showIcon
      title={title}
      description={verdict.state === 'idle' ? undefined : <VerdictView verdict={verdict} />}
    />
  );
}

export default function EmailTestPage() {
  const t = useT();
  const { token } = theme.useToken();
  const { toast, user } = useHost();
  const classify = useClassifyEmail();
  const [verdict, setVerdict] = useState<Verdict>({ state: 'idle' });
  const [preview, setPreview] = useState<{ open: boolean; values: EmailTestValues | null }>({
    open: false,
    values: null,
  });
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EmailTestValues>({ resolver: zodResolver(testSchema) as never, defaultValues: BLANK });
  const { idFor, itemProps } = useFormFields<FieldPath<EmailTestValues>>(errors);
  const html = useWatch({ control, name: 'htmlBody' });

  const submit = handleSubmit(async (values) => {
    setPreview({ open: true, values });
    setVerdict({ state: 'pending' });
    const body = values.body.trim() || (values.htmlBody.trim() ? htmlToText(values.htmlBody) : '');
    try {
      const triage = await classify.mutateAsync({ from: values.from, subject: values.subject, body });
      setVerdict({ state: 'done', triage });
    } catch (error) {
      const message = serverMessage(error, t('test.classifyFailed'));
      setVerdict({ state: 'failed', message });
      if (!isUnauthorizedError(error))
        toast({ title: t('test.classifyFailed'), description: message, variant: 'destructive' });
    }
  });

  const triage = verdict.state === 'done' ? verdict.triage : null;
  const shown = preview.values ? fakeEmail(preview.values, user.email, triage) : null;

  const samplesMenu = {
    items: EMAIL_TEST_SAMPLES.map((sample, i) => ({ key: String(i), label: t(sample.labelKey) })),
    onClick: ({ key }: { key: string }) => {
      reset(EMAIL_TEST_SAMPLES[Number(key)].values);
      setVerdict({ state: 'idle' });
    },
  };

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={t('test.title')}
        subtitle={t('test.subtitle')}
        extra={
          <Dropdown menu={samplesMenu} trigger={['click']}>
            <Button icon={<ExperimentOutlined aria-hidden />}>
              {t('test.samples')} <DownOutlined aria-hidden />
            </Button>
          </Dropdown>
        }
      />
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col xs={24} lg={15}>
          <Card
            title={
              <Flex gap={token.marginXS}>
                <MailOutlined aria-hidden />
                {t('test.fakeEmail')}
              </Flex>
            }
          >
            <Form layout="vertical" onFinish={() => void submit()}>
              <Row gutter={token.margin}>
                <Col xs={24} md={12}>
                  <Form.Item label={t('test.from')} {...itemProps('from')}>
                    <Controller
                      name="from"
                      control={control}
                      render={({ field }) => <Input {...field} id={idFor('from')} placeholder={EXAMPLE_FROM} />}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label={t('common.subject')} {...itemProps('subject')}>
                    <Controller
                      name="subject"
                      control={control}
                      render={({ field }) => (
                        <Input {...field} id={idFor('subject')} placeholder={t('test.subjectPlaceholder')} />
                      )}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label={t('test.text')} {...itemProps('body')}>
                <Controller
                  name="body"
                  control={control}
                  render={({ field }) => (
                    <Input.TextArea
                      {...field}
                      id={idFor('body')}
                      autoSize={{ minRows: 5, maxRows: 14 }}
                      placeholder={t('test.textPlaceholder')}
                    />
                  )}
                />
              </Form.Item>
              <Form.Item label={t('test.html')} {...itemProps('htmlBody')} extra={t('test.htmlHelp')}>
                <Controller
                  name="htmlBody"
                  control={control}
                  render={({ field }) => (
                    <Input.TextArea
                      {...field}
                      id={idFor('htmlBody')}
                      autoSize={{ minRows: 4, maxRows: 14 }}
                      placeholder={EXAMPLE_HTML}
                      spellCheck={false}
                      style={{ fontFamily: token.fontFamilyCode }}
                    />
                  )}
                />
              </Form.Item>
              <Flex wrap gap={token.marginXS}>
                <Button
                  type="primary"
                  htmlType="submit"
                  icon={<EyeOutlined aria-hidden />}
                  loading={classify.isPending}
                >
                  {t('test.preview')}
                </Button>
                <Button
                  onClick={() => {
                    reset(BLANK);
                    setVerdict({ state: 'idle' });
                  }}
                >
                  {t('test.clear')}
                </Button>
              </Flex>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={token.marginLG}>
            <Card title={t('test.verdict')}>
              <Flex vertical gap={token.marginSM}>
                <VerdictView verdict={verdict} />
                {preview.values ? (
                  <Button
                    icon={<EyeOutlined aria-hidden />}
                    onClick={() => setPreview((p) => ({ ...p, open: true }))}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t('test.reopen')}
                  </Button>
                ) : null}
              </Flex>
            </Card>
            {html.trim() ? (
              <Card size="small">
                <Collapse
                  ghost
                  size="small"
                  items={[
                    {
                      key: 'clean',
                      label: t('test.sanitised'),
                      children: (
                        <pre
                          style={{
                            margin: 0,
                            maxHeight: 320,
                            overflow: 'auto',
                            whiteSpace: 'pre-wrap',
                            overflowWrap: 'anywhere',
                            fontSize: token.fontSizeSM,
                            fontFamily: token.fontFamilyCode,
                          }}
                        >
                          {sanitizeEmailHtml(html)}
                        </pre>
                      ),
                    },
                  ]}
                />
              </Card>
            ) : null}
          </Flex>
        </Col>
      </Row>
      <EmailDetailDialog
        open={preview.open}
        email={shown}
        onClose={() => setPreview((p) => ({ ...p, open: false }))}
        banner={<VerdictBanner verdict={verdict} />}
      />
    </Flex>
  );
}
