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
import { CATEGORY_COLORS, CATEGORY_LABELS, PRIORITY_COLORS, PRIORITY_LABELS } from '../shared/labels';
import { htmlToText, sanitizeEmailHtml } from '../shared/sanitizeEmailHtml';
import { useClassifyEmail } from '../email/useEmails';
import { EMAIL_TEST_SAMPLES, type EmailTestValues } from './samples';

export const TEST_TEXT = {
  title: 'Email Test Page',
  subtitle: 'Compose a fake email to preview it and see how triage would classify it. Nothing is sent or stored.',
  preview: 'Preview & Classify',
  reopen: 'Open preview',
  samples: 'Load a sample',
  verdict: 'Classifier verdict',
  classifying: 'Classifying...',
  classifyFailed: 'Failed to classify email',
  noVerdict: 'Compose an email and choose Preview & Classify.',
} as const;

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
  const { token } = theme.useToken();
  if (verdict.state === 'idle') return <Typography.Text type="secondary">{TEST_TEXT.noVerdict}</Typography.Text>;
  if (verdict.state === 'pending') {
    return (
      <Flex align="center" gap={token.marginXS} role="status">
        <Spin size="small" />
        <Typography.Text type="secondary">{TEST_TEXT.classifying}</Typography.Text>
      </Flex>
    );
  }
  if (verdict.state === 'failed')
    return <Alert type="error" showIcon title={TEST_TEXT.classifyFailed} description={verdict.message} />;
  return (
    <Flex wrap align="center" gap={token.marginXS} aria-label={TEST_TEXT.verdict}>
      <Typography.Text type="secondary">Priority</Typography.Text>
      <Tag color={PRIORITY_COLORS[verdict.triage.priority]} style={{ marginInlineEnd: token.marginSM }}>
        {PRIORITY_LABELS[verdict.triage.priority]}
      </Tag>
      <Typography.Text type="secondary">Category</Typography.Text>
      <Tag color={CATEGORY_COLORS[verdict.triage.category]} variant="outlined" style={{ marginInlineEnd: 0 }}>
        {CATEGORY_LABELS[verdict.triage.category]}
      </Tag>
    </Flex>
  );
}

/** Above the message in the dialog: what it is, and the verdict in one line. */
function VerdictBanner({ verdict }: { verdict: Verdict }) {
  const title = 'Test email: a preview only, nothing is sent or stored.';
  if (verdict.state === 'failed')
    return (
      <Alert type="warning" showIcon title={title} description={`${TEST_TEXT.classifyFailed}: ${verdict.message}`} />
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
      const message = serverMessage(error, TEST_TEXT.classifyFailed);
      setVerdict({ state: 'failed', message });
      if (!isUnauthorizedError(error))
        toast({ title: TEST_TEXT.classifyFailed, description: message, variant: 'destructive' });
    }
  });

  const triage = verdict.state === 'done' ? verdict.triage : null;
  const shown = preview.values ? fakeEmail(preview.values, user.email, triage) : null;

  const samplesMenu = {
    items: EMAIL_TEST_SAMPLES.map((sample, i) => ({ key: String(i), label: sample.label })),
    onClick: ({ key }: { key: string }) => {
      reset(EMAIL_TEST_SAMPLES[Number(key)].values);
      setVerdict({ state: 'idle' });
    },
  };

  return (
    <Flex vertical gap={token.marginLG}>
      <PageHeader
        title={TEST_TEXT.title}
        subtitle={TEST_TEXT.subtitle}
        extra={
          <Dropdown menu={samplesMenu} trigger={['click']}>
            <Button icon={<ExperimentOutlined />}>
              {TEST_TEXT.samples} <DownOutlined />
            </Button>
          </Dropdown>
        }
      />
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col xs={24} lg={15}>
          <Card
            title={
              <Flex gap={token.marginXS}>
                <MailOutlined />
                Fake email
              </Flex>
            }
          >
            <Form layout="vertical" onFinish={() => void submit()}>
              <Row gutter={token.margin}>
                <Col xs={24} md={12}>
                  <Form.Item label="From" {...itemProps('from')}>
                    <Controller
                      name="from"
                      control={control}
                      render={({ field }) => (
                        <Input {...field} id={idFor('from')} placeholder='"Ada Lovelace" <ada@example.com>' />
                      )}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Subject" {...itemProps('subject')}>
                    <Controller
                      name="subject"
                      control={control}
                      render={({ field }) => (
                        <Input {...field} id={idFor('subject')} placeholder="Quarterly report due tomorrow" />
                      )}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label="Text" {...itemProps('body')}>
                <Controller
                  name="body"
                  control={control}
                  render={({ field }) => (
                    <Input.TextArea
                      {...field}
                      id={idFor('body')}
                      autoSize={{ minRows: 5, maxRows: 14 }}
                      placeholder="The plain-text body"
                    />
                  )}
                />
              </Form.Item>
              <Form.Item
                label="HTML (optional)"
                {...itemProps('htmlBody')}
                extra="Shown sanitised, in a sandboxed frame, exactly as an HTML email is."
              >
                <Controller
                  name="htmlBody"
                  control={control}
                  render={({ field }) => (
                    <Input.TextArea
                      {...field}
                      id={idFor('htmlBody')}
                      autoSize={{ minRows: 4, maxRows: 14 }}
                      placeholder="<p>Hello <b>there</b></p>"
                      spellCheck={false}
                      style={{ fontFamily: token.fontFamilyCode }}
                    />
                  )}
                />
              </Form.Item>
              <Flex wrap gap={token.marginXS}>
                <Button type="primary" htmlType="submit" icon={<EyeOutlined />} loading={classify.isPending}>
                  {TEST_TEXT.preview}
                </Button>
                <Button
                  onClick={() => {
                    reset(BLANK);
                    setVerdict({ state: 'idle' });
                  }}
                >
                  Clear
                </Button>
              </Flex>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={token.marginLG}>
            <Card title={TEST_TEXT.verdict}>
              <Flex vertical gap={token.marginSM}>
                <VerdictView verdict={verdict} />
                {preview.values ? (
                  <Button
                    icon={<EyeOutlined />}
                    onClick={() => setPreview((p) => ({ ...p, open: true }))}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {TEST_TEXT.reopen}
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
                      label: 'Sanitised HTML',
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
