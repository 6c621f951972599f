/** Realistic messages the reply help is judged on (unit tests and the report's reading). */
export const REPLY_SAMPLES = {
  meeting: {
    from: 'Ann Lee <ann@acme.example>',
    subject: 'Quick sync on the Q3 roadmap',
    body: 'Hi,\n\nCould we meet on Thursday at 3pm to go through the roadmap? It should take 30 minutes.\n\nAnn',
  },
  invoice: {
    from: 'Billing Team <billing@supplier.example>',
    subject: 'Invoice #4471',
    body: 'Hello,\n\nWe noticed invoice #4471 is still open. Could you confirm when the payment will be made? Please send the remittance advice by Friday.\n\nThanks,\nMarta',
  },
  newsletter: {
    from: 'Compiler Weekly <news@compilers.example>',
    subject: 'This week in compilers',
    body: 'Five new articles on register allocation and a talk on SSA form. Unsubscribe at any time.',
  },
  complaint: {
    from: 'Peter Novak <peter@client.example>',
    subject: 'Order 5521 never arrived',
    body: 'I am really disappointed. My order 5521 still has not arrived after three weeks. What are you going to do about it?',
  },
  thanks: {
    from: 'Grace Hopper <grace@navy.example>',
    subject: 'Thank you!',
    body: 'Thanks so much for your help with the migration yesterday, it went smoothly.',
  },
  german: {
    from: 'Anna Schmidt <anna@firma.example>',
    subject: 'Termin nächste Woche',
    body: 'Hallo,\n\nhätten Sie am Donnerstag um 15 Uhr Zeit für ein kurzes Telefonat? Bitte schicken Sie mir vorher die Unterlagen.\n\nViele Grüße\nAnna',
  },
  japanese: {
    from: '山田 太郎 <yamada@example.jp>',
    subject: '打ち合わせのお願い',
    body: 'お世話になっております。来週の打ち合わせですが、3月14日15時はご都合いかがでしょうか？資料を事前にお送りください。',
  },
  deadline: {
    from: 'Raj Patel <raj@acme.example>',
    subject: 'Slides for the board',
    body: 'Please send me the final slides by Wednesday. The board meets the day after.',
  },
  incident: {
    from: 'Ops <ops@acme.example>',
    subject: 'URGENT: production database down',
    body: 'The primary database is down since 02:10. Can you join the incident call now?',
  },
};
